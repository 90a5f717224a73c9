import { sql, type Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * Course sections, their meetings and enrolments (issue 29, decision 059). A section is one term of
 * a course on a weekly pattern; its meetings are materialised rows (UTC starts computed in the
 * academy's zone when the section is saved), so a single meeting can be cancelled or moved later.
 * `seats_taken` counts live enrolments (+ open offers once sections have a waitlist) and is changed
 * only by one conditional UPDATE in the enrolment's transaction, as demo_slots.seats_taken is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("course_sections"))
      .addColumn("course_id", "integer", (c) => c.notNull().references("courses.id").onDelete("cascade"))
      .addColumn("teacher_id", "integer", (c) => c.references("teachers.id").onDelete("set null"))
      // Weekdays as "1,3" (0 = Sunday), start time HH:MM and first date YYYY-MM-DD, in the academy's zone.
      .addColumn("weekdays", "text", (c) => c.notNull())
      .addColumn("start_time", "text", (c) => c.notNull())
      .addColumn("duration_minutes", "integer", (c) => c.notNull())
      .addColumn("first_date", "text", (c) => c.notNull())
      .addColumn("meeting_count", "integer", (c) => c.notNull())
      // Academy dates skipped (JSON array of YYYY-MM-DD).
      .addColumn("closures", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("mode", "text", (c) =>
        c
          .notNull()
          .defaultTo("academy")
          .check(oneOf("mode", ["academy", "online"])),
      )
      .addColumn("meeting_url", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("capacity", "integer", (c) => c.notNull())
      .addColumn("seats_taken", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("min_age", "integer", (c) => c.notNull())
      .addColumn("max_age", "integer", (c) => c.notNull())
      .addColumn("language", "text", (c) =>
        c
          .notNull()
          .defaultTo("en")
          .check(oneOf("language", ["en", "ar"])),
      )
      // UTC instants; opens null = open from creation.
      .addColumn("registration_opens_at", "text")
      .addColumn("registration_closes_at", "text", (c) => c.notNull())
      // First and last meeting (UTC), kept with the meetings.
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("ends_at", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("open")
          .check(oneOf("status", ["open", "closed", "cancelled"])),
      ),
  ).execute();
  await db.schema.createIndex("course_sections_course").on("course_sections").columns(["course_id", "status", "starts_at"]).execute();

  await withTimestamps(
    withId(db, db.schema.createTable("section_meetings"))
      .addColumn("section_id", "integer", (c) => c.notNull().references("course_sections.id").onDelete("cascade"))
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("duration_minutes", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("scheduled")
          .check(oneOf("status", ["scheduled", "cancelled"])),
      ),
  ).execute();
  await db.schema.createIndex("section_meetings_section").on("section_meetings").columns(["section_id", "starts_at"]).execute();

  await withTimestamps(
    withId(db, db.schema.createTable("section_enrolments"))
      .addColumn("reference", "text", (c) => c.notNull().unique())
      .addColumn("code", "text", (c) => c.notNull())
      .addColumn("section_id", "integer", (c) => c.notNull().references("course_sections.id").onDelete("cascade"))
      .addColumn("course_id", "integer", (c) => c.references("courses.id").onDelete("set null"))
      .addColumn("child_name", "text", (c) => c.notNull())
      // The child's name trimmed and lower-cased: one child, one live seat per section.
      .addColumn("child_key", "text", (c) => c.notNull())
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
      .addColumn("source", "text", (c) =>
        c
          .notNull()
          .defaultTo("direct")
          .check(oneOf("source", ["direct", "demo"])),
      )
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("enrolled")
          .check(oneOf("status", ["enrolled", "cancelled", "dropped"])),
      ),
  ).execute();
  await db.schema.createIndex("section_enrolments_code").on("section_enrolments").column("code").unique().execute();
  await db.schema.createIndex("section_enrolments_section").on("section_enrolments").columns(["section_id", "status"]).execute();
  await sql`create unique index section_enrolments_child on section_enrolments (section_id, email, child_key) where status = 'enrolled'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("section_enrolments").execute();
  await db.schema.dropTable("section_meetings").execute();
  await db.schema.dropTable("course_sections").execute();
}
