import type { Kysely } from "kysely";
import { oneOf } from "~server/db/portable";

/**
 * Invitations to join the staff (issue 16): a one-time link e-mailed to the address; opening it
 * creates a staff account for that address. Only the token's hash is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_invites")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("invited_by", "integer")
    .addColumn("lang", "text", (c) =>
      c
        .notNull()
        .defaultTo("en")
        .check(oneOf("lang", ["en", "ar"])),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_invites").execute();
}
