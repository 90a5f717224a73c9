import type { Kysely } from "kysely";

/**
 * A pickup person's PIN locks after too many wrong tries in a day (issue 39 finding 6): the time it
 * locked, null while usable. Staff unlock it; the wrong tries themselves are counted in rate_limits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("consent_pickups").addColumn("pin_locked_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("consent_pickups").dropColumn("pin_locked_at").execute();
}
