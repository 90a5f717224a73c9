import type { Kysely } from "kysely";

/**
 * When the family was told of an instructor's absence mark (decision 143): the absence sweep claims
 * a mark by setting it (a conditional update, so two instances tell the family once), whether or
 * not staff switched the absence alert's WhatsApp/SMS message on; the push notification goes by
 * each guardian's own choice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("meeting_attendance").addColumn("family_told_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("meeting_attendance").dropColumn("family_told_at").execute();
}
