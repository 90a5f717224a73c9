import type { DB } from "~server/db/db";
import { sql } from "kysely";

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
