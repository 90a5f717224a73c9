import type { DB } from "~server/db/db";
import type { SessionUser } from "~server/security/session";
import { isStaffRole } from "~/lib/roles";
import { addDays, zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { taughtTeacherId } from "./teaching-access.server";
import { meetingsWithCounts, runningGroupsWithEnrolled } from "~/features/sections/queries.server";

/** How far the instructor's home looks back (meetings still to mark) and ahead. */
const BACK_DAYS = 7;
const AHEAD_DAYS = 28;
/** Most meetings the home lists (staff see every group's: the bound keeps the page small). */
export const MAX_MEETINGS = 200;

export interface TeachingMeeting {
  id: number;
  sectionId: number;
  startsAt: string;
  durationMinutes: number;
  cancelled: boolean;
  courseEn: string;
  courseAr: string;
  /** The meeting's day in the academy's zone (YYYY-MM-DD). */
  date: string;
  enrolled: number;
  marked: number;
}

export interface TeachingWeek {
  today: TeachingMeeting[];
  /** The six days after today. */
  week: TeachingMeeting[];
  later: TeachingMeeting[];
  /** The last seven days, newest first: attendance may still be taken. */
  recent: TeachingMeeting[];
}

/**
 * The meetings of the groups a member teaches (an instructor: their teacher profile's groups; staff:
 * every group), from a week back to four weeks ahead, sorted into today, this week, later and
 * recent, on the academy's calendar. Cancelled groups are left out; a cancelled meeting stays, marked.
 */
export async function teachingWeek(db: DB, user: Pick<SessionUser, "id" | "role">, timeZone: string, now = new Date()): Promise<TeachingWeek> {
  const found: TeachingWeek = { today: [], week: [], later: [], recent: [] };
  const teacherId = isStaffRole(user.role) ? null : await taughtTeacherId(db, user);
  if (!isStaffRole(user.role) && teacherId === null) return found;
  const today = zonedParts(now, timeZone).date;
  const from = zonedToUtc(addDays(today, -BACK_DAYS), "00:00", timeZone).toISOString();
  const to = zonedToUtc(addDays(today, AHEAD_DAYS + 1), "00:00", timeZone).toISOString();
  const rows = await meetingsWithCounts(db, { from, to, teacherId, limit: MAX_MEETINGS });
  const weekEnd = addDays(today, 6);
  for (const row of rows) {
    const date = zonedParts(row.starts_at, timeZone).date;
    const meeting: TeachingMeeting = {
      id: row.id,
      sectionId: row.section_id,
      startsAt: row.starts_at,
      durationMinutes: row.duration_minutes,
      cancelled: row.status === "cancelled",
      courseEn: row.name_en,
      courseAr: row.name_ar,
      date,
      enrolled: Number(row.enrolled ?? 0),
      marked: Number(row.marked ?? 0),
    };
    if (date === today) found.today.push(meeting);
    else if (date < today) found.recent.unshift(meeting);
    else if (date <= weekEnd) found.week.push(meeting);
    else found.later.push(meeting);
  }
  return found;
}

/** How long after its last class a group stays on the instructor's home (certificates come then). */
const GROUP_AFTER_DAYS = 90;

export interface TaughtGroup {
  id: number;
  courseEn: string;
  courseAr: string;
  startsAt: string;
  endsAt: string;
  enrolled: number;
}

/**
 * The groups a member teaches that have begun and ended at most 90 days ago, newest first: each
 * gets its certificates link on /teaching (issue 42, step 10). Cancelled groups are left out.
 */
export async function taughtGroups(db: DB, user: Pick<SessionUser, "id" | "role">, now = new Date()): Promise<TaughtGroup[]> {
  const teacherId = isStaffRole(user.role) ? null : await taughtTeacherId(db, user);
  if (!isStaffRole(user.role) && teacherId === null) return [];
  const rows = await runningGroupsWithEnrolled(db, {
    teacherId,
    startedBy: now.toISOString(),
    endsFrom: new Date(now.getTime() - GROUP_AFTER_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    limit: 50,
  });
  return rows.map((row) => ({
    id: row.id,
    courseEn: row.name_en,
    courseAr: row.name_ar,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    enrolled: Number(row.enrolled ?? 0),
  }));
}
