import type { DB } from "~server/db/db";
import { fromDbJson } from "~server/db/values";
import { chosenPhoneCountry, DEFAULT_PHONE_COUNTRY, isPhoneCountry } from "~/lib/validation";
import { siteSettingsSchema, type SiteSettings } from "./settings.schema";

/** The last rows read and what they parsed to: most requests read unchanged settings. */
let parsed: { stored: string; settings: SiteSettings } | undefined;

/**
 * The site settings, read from their key/value rows and checked against the schema. The rows are
 * read every time (another instance may have changed them); the schema runs only when they changed.
 */
export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).orderBy("key").execute();
  const stored = JSON.stringify(rows.map((row) => [row.key, row.value]));
  if (parsed?.stored === stored) return structuredClone(parsed.settings);
  const raw = Object.fromEntries(rows.map((row) => [row.key, fromDbJson<unknown>(row.value, null)]));
  const settings = siteSettingsSchema.parse(raw);
  parsed = { stored, settings };
  return structuredClone(settings);
}

/**
 * The country a form's national phone numbers are read against, from settings already read: the
 * country code posted with the form (`phoneCountry`, the select beside the field, decision 112),
 * else the site setting `phoneCountry` (the academy's market).
 */
export const phoneCountryOf = ({ phoneCountry }: SiteSettings, posted?: unknown): string =>
  chosenPhoneCountry(posted, isPhoneCountry(phoneCountry) ? phoneCountry : DEFAULT_PHONE_COUNTRY);

/** phoneCountryOf, reading the settings. */
export async function sitePhoneCountry(db: DB, posted?: unknown): Promise<string> {
  return phoneCountryOf(await getSiteSettings(db), posted);
}
