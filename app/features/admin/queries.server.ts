import type { DB } from "~server/db/db";

/**
 * The camps' query module (decision 153): other features read `camps` through these functions.
 * Imports no feature, so any feature may call it: check-import-cycles.ts counts it as a node of
 * its own.
 */

/** Every camp, every column, in display order. */
export function campsInOrder(db: DB) {
  return db.selectFrom("camps").selectAll().orderBy("sort").orderBy("id").execute();
}

/** One camp, every column, or undefined when there is none. */
export function campById(db: DB, id: number) {
  return db.selectFrom("camps").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The batches of these camps, by id (the labels of their periods). */
export function campBatches(db: DB, ids: readonly number[]) {
  return db.selectFrom("camps").select(["id", "batches"]).where("id", "in", ids).execute();
}

/** What a camp costs, named as a course is: its titles, list price, currency and early-booking price; undefined when there is none. */
export function campPrice(db: DB, id: number) {
  return db
    .selectFrom("camps")
    .select(["title_en as name_en", "title_ar as name_ar", "price", "currency", "early_price_minor", "early_price_until"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Every camp's list price, currency and early-booking price, in display order, at most `limit`. */
export function campPrices(db: DB, limit: number) {
  return db
    .selectFrom("camps")
    .select(["id", "title_en as name_en", "title_ar as name_ar", "price", "currency", "early_price_minor", "early_price_until"])
    .orderBy("sort")
    .limit(limit)
    .execute();
}

/** Every camp's refund policy, by id. */
export function campRefundPolicies(db: DB) {
  return db
    .selectFrom("camps")
    .select(["id", "title_en as name_en", "title_ar as name_ar", "refund_percent_before", "refund_percent_after"])
    .orderBy("id")
    .execute();
}
