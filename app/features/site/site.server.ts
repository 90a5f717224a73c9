import { sql } from "kysely";
import { isPostgres, type DB } from "~server/db/db";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import { chosenPhoneCountry, DEFAULT_PHONE_COUNTRY, isPhoneCountry } from "~/lib/validation";
import { siteSettingsSchema, type SiteSettings } from "./settings.schema";

/** What the stored rows were when last parsed, as fingerprintOf wrote them, and what they parsed to. */
let parsed: { fingerprint: string; settings: SiteSettings } | undefined;

type Fingerprint = { f: string | null };

/**
 * Every stored setting as one text made by the database, each key and value length-prefixed so no
 * two sets of rows give the same text. One short row to compare instead of parsing every setting's
 * JSON on each request (the demo booking reads the settings on each one, issue 40).
 */
const fingerprintOf = (db: DB) =>
  isPostgres(db)
    ? sql<Fingerprint>`select string_agg(length(key) || ':' || key || case when value is null then 'n' else length(value::text) || ':' || value::text end, '' order by key) as f from site_settings`
    : sql<Fingerprint>`select group_concat(length(key) || ':' || key || case when value is null then 'n' else length(value) || ':' || value end, '') as f from (select key, value from site_settings order by key)`;

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
 * asked every time (another instance may have changed them), for the rows' fingerprint only; the
 * rows are read and the schema runs only when it changed. The fingerprint is read before the rows:
 * a change between the two costs one more read next time, never a stale answer. Every caller gets
 * the same frozen object: a caller that needs a changed copy spreads it.
 */
export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const fingerprint = (await fingerprintOf(db).execute(db)).rows[0]?.f ?? "";
  if (parsed?.fingerprint === fingerprint) return parsed.settings;
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).orderBy("key").execute();
  const raw = Object.fromEntries(rows.map((row) => [row.key, fromDbJson<unknown>(row.value, null)]));
  const settings = deepFreeze(siteSettingsSchema.parse(raw));
  parsed = { fingerprint, settings };
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
