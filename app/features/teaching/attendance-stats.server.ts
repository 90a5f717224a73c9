import { sql } from "kysely";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { enrolmentContactsWithCourse } from "~/features/enrolments/queries.server";
import { begunGroupsWithClassCounts } from "~/features/sections/queries.server";

/** Most groups and children the staff reports list (bounds, not quotas). */
const MAX_GROUPS = 500;
const MAX_MISSED = 500;
/** Marks read for the "missed two in a row" list: the last 120 days are plenty for a weekly class. */
const MISSED_WINDOW_DAYS = 120;
const MAX_MARKS_READ = 50_000;

/** Attended = present or late; the rate is attended marks over all marks taken (null before any). */
const attended = sql<number>`sum(case when a.status in ('present', 'late') then 1 else 0 end)`;
export const rateOf = (attendedCount: number, marks: number): number | null => (marks > 0 ? Math.round((attendedCount / marks) * 100) : null);

export interface GroupAttendance {
  sectionId: number;
  courseEn: string;
  courseAr: string;
  teacherEn: string | null;
  teacherAr: string | null;
  startsAt: string;
  /** Meetings of the group that have started (not cancelled). */
  held: number;
  /** Of those, meetings with at least one mark. */
  taken: number;
  marks: number;
  attended: number;
  rate: number | null;
}

/** Attendance per group that has begun (cancelled groups left out), first term first. */
export async function groupAttendance(db: DB, now = nowIso()): Promise<GroupAttendance[]> {
  const rows = await begunGroupsWithClassCounts(db, now, MAX_GROUPS);
  const totals = await markTotals(
    db,
    "m.section_id",
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const total = totals.get(row.id) ?? { marks: 0, attended: 0 };
    return {
      sectionId: row.id,
      courseEn: row.name_en,
      courseAr: row.name_ar,
      teacherEn: row.teacher_en,
      teacherAr: row.teacher_ar,
      startsAt: row.starts_at,
      held: Number(row.held ?? 0),
      taken: Number(row.taken ?? 0),
      ...total,
      rate: rateOf(total.attended, total.marks),
    };
  });
}

/** Marks and attended marks, grouped by the meeting's group or by the child's enrolment. */
async function markTotals(db: DB, by: "m.section_id" | "a.enrolment_id", ids: number[]): Promise<Map<number, { marks: number; attended: number }>> {
  const totals = new Map<number, { marks: number; attended: number }>();
  if (ids.length === 0) return totals;
  const rows = await db
    .selectFrom("meeting_attendance as a")
    .innerJoin("section_meetings as m", "m.id", "a.meeting_id")
    .select([sql.ref<number>(by).as("key"), (eb) => eb.fn.countAll<number>().as("marks"), attended.as("attended")])
    .where(sql.ref(by), "in", ids)
    .groupBy(sql.ref(by))
    .execute();
  for (const row of rows) totals.set(Number(row.key), { marks: Number(row.marks), attended: Number(row.attended ?? 0) });
  return totals;
}

/** Each child's marks and rate for the given enrolments (the staff roster's column). */
export async function childAttendance(db: DB, enrolmentIds: number[]): Promise<Map<number, { marks: number; attended: number; rate: number | null }>> {
  const totals = await markTotals(db, "a.enrolment_id", enrolmentIds);
  return new Map([...totals].map(([id, total]) => [id, { ...total, rate: rateOf(total.attended, total.marks) }]));
}

export interface MissedChild {
  enrolmentId: number;
  sectionId: number;
  childName: string;
  childAge: number;
  parentName: string;
  email: string;
  phone: string;
  courseEn: string;
  courseAr: string;
  /** The two missed meetings, latest first. */
  missed: string[];
}

/**
 * Children enrolled now whose two latest marks are both "absent" (an excused absence was
 * announced, so it does not count), with their parents' contacts: the staff's follow-up list.
 */
export async function missedTwoInARow(db: DB, now = new Date()): Promise<MissedChild[]> {
  const since = new Date(now.getTime() - MISSED_WINDOW_DAYS * 86_400_000).toISOString();
  const marks = await db
    .selectFrom("meeting_attendance as a")
    .innerJoin("section_meetings as m", "m.id", "a.meeting_id")
    .innerJoin("section_enrolments as e", "e.id", "a.enrolment_id")
    .select(["a.enrolment_id", "a.status", "m.starts_at"])
    .where("e.status", "=", "enrolled")
    .where("m.starts_at", ">=", since)
    .orderBy("a.enrolment_id")
    .orderBy("m.starts_at", "desc")
    .limit(MAX_MARKS_READ)
    .execute();
  const latest = new Map<number, { status: string; startsAt: string }[]>();
  for (const mark of marks) {
    const list = latest.get(mark.enrolment_id) ?? [];
    if (list.length < 2) list.push({ status: mark.status, startsAt: mark.starts_at });
    latest.set(mark.enrolment_id, list);
  }
  const missing = [...latest].filter(([, list]) => list.length === 2 && list.every((mark) => mark.status === "absent"));
  if (missing.length === 0) return [];
  const ids = missing.slice(0, MAX_MISSED).map(([id]) => id);
  const rows = await enrolmentContactsWithCourse(db, ids);
  return rows.map((row) => ({
    enrolmentId: row.id,
    sectionId: row.section_id,
    childName: row.child_name,
    childAge: row.child_age,
    parentName: row.parent_name,
    email: row.email,
    phone: row.phone,
    courseEn: row.name_en,
    courseAr: row.name_ar,
    missed: (latest.get(row.id) ?? []).map((mark) => mark.startsAt),
  }));
}
