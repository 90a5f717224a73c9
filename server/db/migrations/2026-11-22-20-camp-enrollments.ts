import type { Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * Summer camp enrollments and brochure requests; staff follow both up by status.
 * The camp is kept by id and slug plus the title at the time, so a later edit or removal of the
 * camp does not lose what the family asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("enrollments"))
      .addColumn("student_name", "text", (c) => c.notNull())
      .addColumn("parent_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone_number", "text", (c) => c.notNull())
      .addColumn("camp_id", "integer", (c) => c.notNull())
      .addColumn("camp_slug", "text", (c) => c.notNull())
      .addColumn("camp_title", "text", (c) => c.notNull())
      .addColumn("session", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("lang", "text", (c) =>
        c
          .notNull()
          .defaultTo("en")
          .check(oneOf("lang", ["en", "ar"])),
      )
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("new")
          .check(oneOf("status", ["new", "contacted", "closed"])),
      )
      .addColumn("notes", "text", (c) => c.notNull().defaultTo("")),
  ).execute();
  await db.schema.createIndex("enrollments_created").on("enrollments").column("created_at").execute();

  await withTimestamps(
    withId(db, db.schema.createTable("brochure_leads"))
      .addColumn("student_name", "text", (c) => c.notNull())
      .addColumn("student_email", "text", (c) => c.notNull())
      .addColumn("grade", "text", (c) => c.notNull())
      .addColumn("school", "text", (c) => c.notNull())
      .addColumn("parent_contact", "text", (c) => c.notNull())
      .addColumn("lang", "text", (c) =>
        c
          .notNull()
          .defaultTo("en")
          .check(oneOf("lang", ["en", "ar"])),
      )
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("new")
          .check(oneOf("status", ["new", "contacted", "closed"])),
      )
      .addColumn("notes", "text", (c) => c.notNull().defaultTo("")),
  ).execute();
  await db.schema.createIndex("brochure_leads_created").on("brochure_leads").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("brochure_leads").execute();
  await db.schema.dropTable("enrollments").execute();
}
