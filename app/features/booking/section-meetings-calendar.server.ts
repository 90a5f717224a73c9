import type { DB } from "~server/db/db";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { addDays, zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { formatTimeLabel } from "~/kernel/slot-format";

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
  const rows = await db
    .selectFrom("section_meetings as m")
    .innerJoin("course_sections as s", "s.id", "m.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["m.id", "m.section_id", "m.starts_at", "m.status", "s.seats_taken", "s.capacity", "c.name_en", "c.name_ar"])
    .where("m.starts_at", ">=", start)
    .where("m.starts_at", "<", end)
    .where("s.status", "<>", "cancelled")
    .orderBy("m.starts_at")
    .orderBy("m.id")
    .limit(500)
    .execute();
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
