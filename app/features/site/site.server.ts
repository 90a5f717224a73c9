import type { DB } from "~server/db/db";
import { VersionedCache, type DataVersions } from "~server/db/data-versions";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import { chosenPhoneCountry, DEFAULT_PHONE_COUNTRY, isPhoneCountry } from "~/lib/validation";
import { siteSettingsSchema, type SiteSettings } from "./settings.schema";

/** The parsed settings while the table's change token stays the same (decision 158): one entry, per database. */
const parsed = new VersionedCache<"settings", SiteSettings>("site_settings", 1);

/** Freezes an object and everything in it: the settings are shared by every caller until they change. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The site settings, read from their key/value rows and checked against the schema. The database is
 * asked every time (another instance, or staff, may have changed them), for the table's change token
 * only; the rows are read and the schema runs only when it changed (decision 158). `versions`: the
 * tokens when the caller has already read them (one query for the settings and the course of a
 * booking). Every caller gets the same frozen object: a caller that needs a changed copy spreads it.
 */
export async function getSiteSettings(db: DB, versions?: DataVersions): Promise<SiteSettings> {
  return parsed.get(db, versions, "settings", async () => {
    const rows = await db.selectFrom("site_settings").select(["key", "value"]).orderBy("key").execute();
    const raw = Object.fromEntries(rows.map((row) => [row.key, fromDbJson<unknown>(row.value, null)]));
    return deepFreeze(siteSettingsSchema.parse(raw));
  });
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
