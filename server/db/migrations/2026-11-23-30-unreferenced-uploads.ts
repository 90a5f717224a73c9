import type { Kysely } from "kysely";

/**
 * Uploads that no record refers to, and since when (server/storage/orphan-uploads.ts): the daily
 * clean-up removes one only after a week without a reference.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("unreferenced_uploads")
    .addColumn("upload", "text", (c) => c.primaryKey())
    .addColumn("since", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("unreferenced_uploads").execute();
}
