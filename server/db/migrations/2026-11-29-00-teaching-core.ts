import { sql, type Kysely } from "kysely";
import { oneOf, replaceCheck, withId, withTimestamps } from "~server/db/portable";

/**
 * Teaching days, the shared core (issue 30, decision 073). A fourth role, `instructor`, linked to a
 * teacher profile (`users.teacher_id`), which staff invitations can grant (`staff_invites.role`,
 * `staff_invites.teacher_id`). `meeting_attendance` holds one mark per child per class meeting: the
 * child's own enrolment, or a make-up guest's enrolment in another group of the course.
 */
const USER_ROLES = ["'user', 'editor', 'admin'", "'user', 'editor', 'admin', 'instructor'"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceCheck(db, "users", "role", USER_ROLES[0], USER_ROLES[1]);
  await db.schema
    .alterTable("users")
    .addColumn("teacher_id", "integer", (c) => c.references("teachers.id").onDelete("set null"))
    .execute();
  await replaceCheck(db, "staff_invites", "role", "'admin', 'editor'", "'admin', 'editor', 'instructor'");
  await db.schema
    .alterTable("staff_invites")
    .addColumn("teacher_id", "integer", (c) => c.references("teachers.id").onDelete("set null"))
    .execute();
  await withTimestamps(
    withId(db, db.schema.createTable("meeting_attendance"))
      .addColumn("meeting_id", "integer", (c) => c.notNull().references("section_meetings.id").onDelete("cascade"))
      .addColumn("enrolment_id", "integer", (c) => c.notNull().references("section_enrolments.id").onDelete("cascade"))
      .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", ["present", "late", "absent", "excused"])))
      .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("marked_by", "integer", (c) => c.references("users.id").onDelete("set null")),
  )
    .addUniqueConstraint("meeting_attendance_one_mark", ["meeting_id", "enrolment_id"])
    .execute();
  await db.schema.createIndex("meeting_attendance_enrolment").on("meeting_attendance").column("enrolment_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("meeting_attendance").execute();
  await sql`update staff_invites set role = 'editor' where role = 'instructor'`.execute(db);
  await db.schema.alterTable("staff_invites").dropColumn("teacher_id").execute();
  await replaceCheck(db, "staff_invites", "role", "'admin', 'editor', 'instructor'", "'admin', 'editor'");
  await sql`update users set role = 'user' where role = 'instructor'`.execute(db);
  await db.schema.alterTable("users").dropColumn("teacher_id").execute();
  await replaceCheck(db, "users", "role", USER_ROLES[1], USER_ROLES[0]);
}
