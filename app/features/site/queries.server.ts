import type { DB } from "~server/db/db";

/**
 * The site's query module (decision 153): other features read `site_settings` and `page_sections`
 * through these functions. Imports no feature: check-import-cycles.ts counts it as a node of its own.
 */

/** Every stored setting as it is kept (key and JSON value): a save reads them in its transaction to merge its change. */
export function storedSettings(db: DB) {
  return db.selectFrom("site_settings").select(["key", "value"]).execute();
}

/** One stored setting's JSON value, or undefined when it was never saved. */
export function storedSetting(db: DB, key: string) {
  return db.selectFrom("site_settings").select("value").where("key", "=", key).executeTakeFirst();
}

/** When a setting last changed (null when none is stored): the site's pages change with them. */
export async function settingsChangedAt(db: DB): Promise<string | null> {
  const row = await db
    .selectFrom("site_settings")
    .select((eb) => eb.fn.max("updated_at").as("at"))
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

/** The stored sections of a page, by id (their row ids, for revisions). */
export function pageSectionIds(db: DB, page: string) {
  return db.selectFrom("page_sections").select(["id", "section"]).where("page", "=", page).execute();
}

/** One stored page section (its page, section and texts), or undefined. */
export function pageSectionRow(db: DB, id: number) {
  return db.selectFrom("page_sections").select(["page", "section", "texts_en", "texts_ar"]).where("id", "=", id).executeTakeFirst();
}
