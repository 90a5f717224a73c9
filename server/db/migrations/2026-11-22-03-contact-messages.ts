import type { Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/** Messages sent with the footer contact form; staff track them by status. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("contact_messages"))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("new")
          .check(oneOf("status", ["new", "contacted", "closed"])),
      )
      .addColumn("notes", "text", (c) => c.notNull().defaultTo("")),
  ).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
}
