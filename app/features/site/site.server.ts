import type { DB } from "~server/db/db";
import { fromDbJson } from "~server/db/values";
import { DEFAULT_PHONE_COUNTRY, isPhoneCountry } from "~/lib/validation";
import { siteSettingsSchema, type SiteSettings } from "./settings.schema";

/** The site settings, read from their key/value rows and checked against the schema. */
export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).execute();
  const raw = Object.fromEntries(rows.map((row) => [row.key, fromDbJson<unknown>(row.value, null)]));
  return siteSettingsSchema.parse(raw);
}

/** The country whose national phone numbers the forms accept (site setting `phoneCountry`). */
export async function sitePhoneCountry(db: DB): Promise<string> {
  const { phoneCountry } = await getSiteSettings(db);
  return isPhoneCountry(phoneCountry) ? phoneCountry : DEFAULT_PHONE_COUNTRY;
}
