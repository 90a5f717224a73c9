import type { DB } from "../../../server/db/db";
import { fromDbJson } from "../../../server/db/values";
import { siteSettingsSchema, type SiteSettings } from "./settings.schema";

/** The site settings, read from their key/value rows and checked against the schema. */
export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).execute();
  const raw = Object.fromEntries(rows.map((row) => [row.key, fromDbJson<unknown>(row.value, null)]));
  return siteSettingsSchema.parse(raw);
}
