import { sql, type Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * Absences and make-up classes (issue 30 part 3, decision 076).
 *
 * - meeting_absences: a parent's notice that a child misses one meeting of their own group; one per
 *   (meeting, enrolment). `with_notice` (0/1) says it came before the notice window and earned a credit.
 * - makeup_credits: one per absence with notice; `meeting_id` is the make-up class it was spent on
 *   (null while unspent). Spent by one conditional UPDATE (`meeting_id is null`), given back by
 *   setting it null again when the make-up is cancelled in time.
 * - section_meetings.makeup_guests: the guests booked into a meeting, changed only by one
 *   conditional UPDATE under the meeting's row lock (below the make-up allowance), as seats_taken is.
 * - meeting_reminders: the day-before reminder of one child for one meeting, claimed by inserting
 *   this row (unique): whichever instance inserts it sends the e-mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("meeting_absences"))
      .addColumn("meeting_id", "integer", (c) => c.notNull().references("section_meetings.id").onDelete("cascade"))
      .addColumn("enrolment_id", "integer", (c) => c.notNull().references("section_enrolments.id").onDelete("cascade"))
      .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("reported_via", "text", (c) => c.notNull().check(oneOf("reported_via", ["account", "link"])))
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("with_notice", "integer", (c) => c.notNull()),
  )
    .addUniqueConstraint("meeting_absences_one", ["meeting_id", "enrolment_id"])
    .execute();
  await db.schema.createIndex("meeting_absences_enrolment").on("meeting_absences").column("enrolment_id").execute();

  await withTimestamps(
    withId(db, db.schema.createTable("makeup_credits"))
      .addColumn("absence_id", "integer", (c) => c.notNull().unique().references("meeting_absences.id").onDelete("cascade"))
      .addColumn("enrolment_id", "integer", (c) => c.notNull().references("section_enrolments.id").onDelete("cascade"))
      .addColumn("course_id", "integer", (c) => c.notNull().references("courses.id").onDelete("cascade"))
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("meeting_id", "integer", (c) => c.references("section_meetings.id").onDelete("set null"))
      .addColumn("booked_at", "text"),
  ).execute();
  await db.schema.createIndex("makeup_credits_enrolment").on("makeup_credits").column("enrolment_id").execute();
  // One seat per child per make-up class, however many credits the child holds.
  await sql`create unique index makeup_credits_one_seat on makeup_credits (meeting_id, enrolment_id) where meeting_id is not null`.execute(db);

  await db.schema
    .alterTable("section_meetings")
    .addColumn("makeup_guests", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable("meeting_reminders"))
    .addColumn("meeting_id", "integer", (c) => c.notNull().references("section_meetings.id").onDelete("cascade"))
    .addColumn("enrolment_id", "integer", (c) => c.notNull().references("section_enrolments.id").onDelete("cascade"))
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addUniqueConstraint("meeting_reminders_once", ["meeting_id", "enrolment_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("meeting_reminders").execute();
  await db.schema.alterTable("section_meetings").dropColumn("makeup_guests").execute();
  await db.schema.dropTable("makeup_credits").execute();
  await db.schema.dropTable("meeting_absences").execute();
}
