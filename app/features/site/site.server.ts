import type { DB } from "~server/db/db";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import { chosenPhoneCountry, DEFAULT_PHONE_COUNTRY, isPhoneCountry } from "~/lib/validation";
import { siteSettingsSchema, type SiteSettings } from "./settings.schema";

/** The last rows read (key and stored value, in key order) and what they parsed to. */
let parsed: { rows: { key: string; value: unknown }[]; settings: SiteSettings } | undefined;

/** Same rows as last time: on SQLite the values are strings; PostgreSQL's driver hands JSON values over parsed. */
const sameRows = (a: { key: string; value: unknown }[], b: { key: string; value: unknown }[]) =>
  a.length === b.length &&
  a.every((row, i) => {
    const other = b[i]!;
    if (row.key !== other.key) return false;
    return typeof row.value === "string" || row.value === null ? row.value === other.value : JSON.stringify(row.value) === JSON.stringify(other.value);
  });

/** Freezes an object and everything in it: the settings are shared by every caller until they change. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The site settings, read from their key/value rows and checked against the schema. The rows are
 * read every time (another instance may have changed them); the schema runs only when they changed.
 * Every caller gets the same frozen object (a demo booking reads it on each request, issue 40):
 * a caller that needs a changed copy spreads it.
 */
export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).orderBy("key").execute();
  if (parsed && sameRows(rows, parsed.rows)) return parsed.settings;
  const raw = Object.fromEntries(rows.map((row) => [row.key, fromDbJson<unknown>(row.value, null)]));
  const settings = deepFreeze(siteSettingsSchema.parse(raw));
  parsed = { rows, settings };
  return settings;
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

/** Stores one setting's value (the site feature owns site_settings, decision 145); the settings screens and billing's sibling percent save through it. */
export async function putSiteSetting(db: DB, key: string, value: unknown, now = nowIso()): Promise<void> {
  const text = toDbJson(value);
  await db
    .insertInto("site_settings")
    .values({ key, value: text, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: text, updated_at: now }))
    .execute();
}
