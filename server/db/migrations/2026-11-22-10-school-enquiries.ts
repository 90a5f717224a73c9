import type { Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/** Requests from schools for the STEM lab or a visit; staff follow them up by status. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("school_enquiries"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("contact_number", "text", (c) => c.notNull())
      .addColumn("designation", "text", (c) => c.notNull())
      .addColumn("city", "text", (c) => c.notNull())
      .addColumn("school_name", "text", (c) => c.notNull())
      // ISO yyyy-mm-dd and HH:MM, as the visitor chose them.
      .addColumn("preferred_date", "text", (c) => c.notNull())
      .addColumn("preferred_time", "text", (c) => c.notNull())
      .addColumn("requirements", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("new")
          .check(oneOf("status", ["new", "contacted", "closed"])),
      )
      .addColumn("notes", "text", (c) => c.notNull().defaultTo("")),
  ).execute();
  await db.schema.createIndex("school_enquiries_created_at").on("school_enquiries").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("school_enquiries").execute();
}
