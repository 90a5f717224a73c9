import { sql, type Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * The waitlist of full course sections and the moves and drops of enrolments (issue 29, decision
 * 066). `section_waitlist` is the demo slots' line (decision 032) for a section: waiting → offered
 * (the seat counted in course_sections.seats_taken, so seats_taken = live enrolments + open offers)
 * → booked (the offer became an enrolment, `enrolment_id`), expired or left. Its links are MACs of
 * the row (decision 044), so it keeps no token. A moved enrolment keeps its row, reference and code
 * (its section changes, `moved_at` says when); a dropped one keeps the reason staff or the parent gave.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("section_waitlist"))
      .addColumn("section_id", "integer", (c) => c.notNull().references("course_sections.id").onDelete("cascade"))
      .addColumn("course_id", "integer", (c) => c.references("courses.id").onDelete("set null"))
      .addColumn("child_name", "text", (c) => c.notNull())
      .addColumn("child_age", "integer", (c) => c.notNull())
      .addColumn("child_id", "integer")
      .addColumn("parent_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("lang", "text", (c) =>
        c
          .notNull()
          .defaultTo("en")
          .check(oneOf("lang", ["en", "ar"])),
      )
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("waiting")
          .check(oneOf("status", ["waiting", "offered", "booked", "expired", "left"])),
      )
      .addColumn("offered_at", "text")
      .addColumn("offer_expires_at", "text")
      .addColumn("enrolment_id", "integer"),
  ).execute();
  await db.schema.createIndex("section_waitlist_section").on("section_waitlist").columns(["section_id", "status", "id"]).execute();
  await sql`create unique index section_waitlist_section_email on section_waitlist (section_id, email) where status in ('waiting', 'offered')`.execute(db);
  await sql`create index section_waitlist_offers on section_waitlist (offer_expires_at) where status = 'offered'`.execute(db);

  await db.schema.alterTable("section_enrolments").addColumn("moved_at", "text").execute();
  await db.schema.alterTable("section_enrolments").addColumn("drop_reason", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("section_enrolments").dropColumn("drop_reason").execute();
  await db.schema.alterTable("section_enrolments").dropColumn("moved_at").execute();
  await db.schema.dropTable("section_waitlist").execute();
}
