import type { DB } from "~server/db/db";
import { addDays, zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { listInvoices } from "~/features/billing/index.server";
import { recentEnrolmentCount, recentEnrolments } from "~/features/enrolments/queries.server";
import { trialsBetween } from "~/features/booking/queries.server";
import { meetingsWithCounts } from "~/features/sections/queries.server";

/**
 * The dashboard's "today" (issue 42 step 9, decision 114): what a member of staff opening the back
 * office in the morning acts on. Today is the academy's calendar day in its time zone, whatever the
 * server's or the reader's zone.
 */

/** Trial (demo) classes shown ahead of now. */
export const TRIAL_HOURS = 48;
/** New enrolments: the last seven days, the same list for every member of staff (decision 114). */
export const NEW_ENROLMENT_DAYS = 7;
/** Rows each block lists; its count and link say when there are more. */
const LIST_LIMIT = 10;

/**
 * Attendance of one class: taken (every enrolled child marked), partly, not yet taken (the class has
 * begun and nobody is marked), still to come, or cancelled.
 */
export type AttendanceState = "taken" | "partial" | "missing" | "upcoming" | "cancelled";

export interface TodayClass {
  meetingId: number;
  sectionId: number;
  startsAt: string;
  durationMinutes: number;
  courseEn: string;
  courseAr: string;
  instructor: { en: string; ar: string } | null;
  enrolled: number;
  marked: number;
  attendance: AttendanceState;
}

export interface UpcomingTrial {
  id: number;
  startsAt: string;
  code: string | null;
  courseName: string;
  childName: string;
  childAge: number;
  parentName: string;
  phone: string;
}

export interface OverdueInvoice {
  id: number;
  number: string;
  parentName: string;
  childName: string;
  currency: string;
  owedMinor: number;
  dueOn: string;
}

export interface NewEnrolment {
  reference: string;
  createdAt: string;
  childName: string;
  courseEn: string;
  courseAr: string;
  sectionId: number;
  source: "direct" | "demo";
}

export interface DashboardToday {
  /** The academy's calendar day (YYYY-MM-DD). */
  today: string;
  classes: TodayClass[];
  trials: UpcomingTrial[];
  overdue: { total: number; invoices: OverdueInvoice[] };
  enrolments: { total: number; since: string; rows: NewEnrolment[] };
}

export function attendanceState(row: { cancelled: boolean; startsAt: string; enrolled: number; marked: number }, now: Date): AttendanceState {
  if (row.cancelled) return "cancelled";
  if (row.marked > 0 && row.marked >= row.enrolled) return "taken";
  if (row.marked > 0) return "partial";
  return Date.parse(row.startsAt) <= now.getTime() ? "missing" : "upcoming";
}

/** Today's classes (every group not cancelled), trials in the next 48 hours, overdue invoices and the week's new enrolments. */
export async function dashboardToday(db: DB, timeZone: string, now = new Date()): Promise<DashboardToday> {
  const today = zonedParts(now, timeZone).date;
  const dayStart = zonedToUtc(today, "00:00", timeZone).toISOString();
  const dayEnd = zonedToUtc(addDays(today, 1), "00:00", timeZone).toISOString();
  const nowText = now.toISOString();
  const trialsEnd = new Date(now.getTime() + TRIAL_HOURS * 3_600_000).toISOString();
  const since = new Date(now.getTime() - NEW_ENROLMENT_DAYS * 86_400_000).toISOString();

  const [classRows, trialRows, overdue, enrolmentRows, enrolmentCount] = await Promise.all([
    meetingsWithCounts(db, { from: dayStart, to: dayEnd, teacherId: null, limit: 100 }),
    trialsBetween(db, nowText, trialsEnd, 50),
    listInvoices(db, { status: "overdue", q: "", page: 1 }, today),
    recentEnrolments(db, since, LIST_LIMIT),
    recentEnrolmentCount(db, since),
  ]);

  return {
    today,
    classes: classRows.map((row) => {
      const enrolled = Number(row.enrolled ?? 0);
      const marked = Number(row.marked ?? 0);
      return {
        meetingId: row.id,
        sectionId: row.section_id,
        startsAt: row.starts_at,
        durationMinutes: row.duration_minutes,
        courseEn: row.name_en,
        courseAr: row.name_ar,
        instructor: row.teacher_en === null || row.teacher_ar === null ? null : { en: row.teacher_en, ar: row.teacher_ar },
        enrolled,
        marked,
        attendance: attendanceState({ cancelled: row.status === "cancelled", startsAt: row.starts_at, enrolled, marked }, now),
      };
    }),
    trials: trialRows.map((row) => ({
      id: row.id,
      startsAt: row.starts_at,
      code: row.code,
      courseName: row.course_name,
      childName: row.child_name,
      childAge: row.child_age,
      parentName: row.parent_name,
      phone: row.phone,
    })),
    overdue: {
      total: overdue.total,
      invoices: overdue.invoices.slice(0, LIST_LIMIT).map((row) => ({
        id: row.id,
        number: row.number,
        parentName: row.parentName,
        childName: row.childName,
        currency: row.currency,
        owedMinor: row.outstandingMinor,
        dueOn: row.dueOn,
      })),
    },
    enrolments: {
      total: Number(enrolmentCount.n),
      since,
      rows: enrolmentRows.map((row) => ({
        reference: row.reference,
        createdAt: row.created_at,
        childName: row.child_name,
        courseEn: row.name_en,
        courseAr: row.name_ar,
        sectionId: row.section_id,
        source: row.source,
      })),
    },
  };
}
