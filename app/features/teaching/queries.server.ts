import type { DB } from "~server/db/db";
import { sql, type Expression } from "kysely";

/**
 * Attendance's query module (decision 153): other features read `meeting_attendance` through
 * these functions. Imports no feature, so any feature may call it: check-import-cycles.ts counts
 * it as a node of its own.
 */

/** The marks taken at the meeting named by `meetingColumn` of the outer query ("m.id"): a subquery to select `.as(...)`. */
export const markedCountOf = (db: DB, meetingColumn: string) =>
  db
    .selectFrom("meeting_attendance as a")
    .select((a) => a.fn.countAll<number>().as("n"))
    .where("a.meeting_id", "=", sql.ref<number>(meetingColumn));

/** The marks of the enrolment named by `enrolmentColumn` of the outer query ("e.id"): a subquery for `exists` (it has been marked). */
export const marksOf = (db: DB, enrolmentColumn: string) =>
  db.selectFrom("meeting_attendance as a").select("a.id").where("a.enrolment_id", "=", sql.ref<number>(enrolmentColumn));

/** The marks taken at the meeting named by `meetingColumn` of the outer query ("m.id"): a subquery for `exists` (attendance was taken). */
export const meetingMarksOf = (db: DB, meetingColumn: string) =>
  db.selectFrom("meeting_attendance as a").select("a.id").where("a.meeting_id", "=", sql.ref<number>(meetingColumn));

/** Who collected the child of the enrolment `enrolmentColumn` from the meeting `meetingColumn` (null while not collected): a subquery to select `.as(...)`. */
export const collectedByOf = (db: DB, meetingColumn: string, enrolmentColumn: string) =>
  db
    .selectFrom("class_pickups as p")
    .select("p.collected_by")
    .where("p.meeting_id", "=", sql.ref<number>(meetingColumn))
    .where("p.enrolment_id", "=", sql.ref<number>(enrolmentColumn))
    .limit(1);

/**
 * The marks of children present or late with no pickup recorded (meeting_id, enrolment_id): a
 * table to join on the meeting (`.as(...)`, late pickups). Uncorrelated, so that both databases fold
 * it into the outer query's join.
 */
export const arrivedNotCollected = (db: DB) =>
  db
    .selectFrom("meeting_attendance as a")
    .leftJoin("class_pickups as p", (join) => join.onRef("p.meeting_id", "=", "a.meeting_id").onRef("p.enrolment_id", "=", "a.enrolment_id"))
    .select(["a.meeting_id", "a.enrolment_id"])
    .where("a.status", "in", ["present", "late"])
    .where("p.id", "is", null);

/** How many of a group's scheduled classes begun by `until` each of these enrolments attended (present or late), by enrolment. */
export function attendedCountsInSection(db: DB, enrolmentIds: readonly number[], sectionId: number, until: string) {
  return db
    .selectFrom("meeting_attendance as a")
    .innerJoin("section_meetings as m", "m.id", "a.meeting_id")
    .select(["a.enrolment_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("a.enrolment_id", "in", enrolmentIds)
    .where("m.section_id", "=", sectionId)
    .where("m.status", "=", "scheduled")
    .where("m.starts_at", "<=", until)
    .where("a.status", "in", ["present", "late"])
    .groupBy("a.enrolment_id")
    .execute();
}

/** The marks of these enrolments with the child's name and the class's start, first class first (the family's data export). */
export function attendanceMarksOf(db: DB, enrolmentIds: readonly number[]) {
  return db
    .selectFrom("meeting_attendance as a")
    .innerJoin("section_meetings as m", "m.id", "a.meeting_id")
    .innerJoin("section_enrolments as e", "e.id", "a.enrolment_id")
    .select(["e.child_name", "m.starts_at", "a.status", "a.note", "a.updated_at"])
    .where("a.enrolment_id", "in", enrolmentIds)
    .orderBy("m.starts_at")
    .execute();
}

/**
 * The absent (not excused) marks of enrolled children last changed in (from, until], first mark
 * first, up to `limit`, with the family's e-mail, the child, the course's names and the class's
 * start: the absence alert's marks, in one query. `reported`, the caller's subquery over the
 * meeting's and the enrolment's id columns (make-ups' absences the family reported), leaves out the
 * marks it finds rows for; `messaged`, over the mark's id column (messaging's automation events),
 * finds those messaged. A mark is kept while not told on the phones (`family_told_at`) or, when
 * `messaging`, not messaged; without `messaging`, only while neither.
 */
export function absentMarksToTell(
  db: DB,
  options: {
    from: string;
    until: string;
    reported: (columns: { meetingId: string; enrolmentId: string }) => Expression<unknown>;
    messaged: (markColumn: string) => Expression<unknown>;
    messaging: boolean;
    limit: number;
  },
) {
  return db
    .selectFrom("meeting_attendance as a")
    .innerJoin("section_meetings as m", "m.id", "a.meeting_id")
    .innerJoin("section_enrolments as e", "e.id", "a.enrolment_id")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["a.id", "e.email", "e.child_name", "c.name_en", "c.name_ar", "m.starts_at"])
    .where("a.status", "=", "absent")
    .where("e.status", "=", "enrolled")
    .where("a.updated_at", "<=", options.until)
    .where("a.updated_at", ">", options.from)
    .where((eb) => eb.not(eb.exists(options.reported({ meetingId: "a.meeting_id", enrolmentId: "a.enrolment_id" }))))
    .where(({ or, and, not, exists, eb }) => {
      const pending = [eb("a.family_told_at", "is", null), not(exists(options.messaged("a.id")))];
      return options.messaging ? or(pending) : and(pending);
    })
    .orderBy("a.id")
    .limit(options.limit)
    .execute();
}
