import type { DB } from "~server/db/db";
import { fromDbJson } from "~server/db/values";
import { putSiteSetting } from "~/features/site/site.server";
import { MAX_SIBLING_PERCENT } from "./promo.schema";
import { storedSetting } from "~/features/site/queries.server";

/**
 * The sibling discount (decision 088): the percent off the 2nd and later child's enrolment, 0 (the
 * default) for none. Kept in `site_settings` under its own key, beside (not inside) the site
 * settings form, so the discounts screen owns it.
 */
export const SIBLING_SETTING_KEY = "siblingDiscountPercent";

export async function siblingPercent(db: DB): Promise<number> {
  const row = await storedSetting(db, SIBLING_SETTING_KEY);
  const value = fromDbJson<unknown>(row?.value, 0);
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_SIBLING_PERCENT ? value : 0;
}

export async function saveSiblingPercent(db: DB, percent: number): Promise<void> {
  await putSiteSetting(db, SIBLING_SETTING_KEY, percent);
}
