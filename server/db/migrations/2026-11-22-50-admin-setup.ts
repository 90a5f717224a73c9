import type { Kysely } from "kysely";

/** One-time links for creating the first staff account (only the token's hash is stored). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_setup_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_setup_tokens").execute();
}
