import type { DB } from "~server/db/db";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { addDays, zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { formatTimeLabel } from "~/kernel/slot-format";
import { meetingsBetween } from "~/features/sections/queries.server";

/** A course group's class on the staff slots calendar (issue 29): shown beside the demo slots, linking to its group. */
export interface CalendarMeeting {
  id: number;
  sectionId: number;
  date: string;
  time: string;
  timeLabel: string;
  course: string;
  status: "scheduled" | "cancelled";
  seatsTaken: number;
  capacity: number;
}

/**
 * The group classes between two academy dates (inclusive). Read here from the sections' tables
 * rather than through the sections feature, which builds on booking (no feature cycle); classes
 * of a cancelled group are left off, a single cancelled class is kept (shown struck).
 */
export async function calendarMeetings(db: DB, range: { from: string; to: string; timeZone: string; lang: Lang }): Promise<CalendarMeeting[]> {
  const start = zonedToUtc(range.from, "00:00", range.timeZone).toISOString();
  const end = zonedToUtc(addDays(range.to, 1), "00:00", range.timeZone).toISOString();
  const rows = await meetingsBetween(db, start, end, 500);
  return rows.map((row) => {
    const local = zonedParts(row.starts_at, range.timeZone);
    return {
      id: row.id,
      sectionId: row.section_id,
      date: local.date,
      time: local.time,
      timeLabel: formatTimeLabel(row.starts_at, range.timeZone, range.lang),
      course: pick(row, "name", range.lang),
      status: row.status,
      seatsTaken: row.seats_taken,
      capacity: row.capacity,
    };
  });
}
