import { addDays, weekdayOf, zonedToUtc } from "~/lib/zoned-time";

/** A section's weekly pattern, in the academy's zone. */
export interface WeeklyPattern {
  weekdays: readonly number[];
  startTime: string;
  firstDate: string;
  count: number;
  closures: readonly string[];
}

/** Most days looked at for one pattern (a guard against a pattern closed every week). */
const MAX_SPAN_DAYS = 3 * 366;

/**
 * The meetings of a weekly pattern: from the first date, every chosen weekday at the start time,
 * closure dates skipped, until `count` meetings. Each start is the UTC instant of that wall-clock
 * time in the academy's zone (daylight-saving changes keep the local time). Fewer than `count`
 * only when the closures fill three years.
 */
export function materialiseMeetings(pattern: WeeklyPattern, timeZone: string): { date: string; startsAt: string }[] {
  const days = new Set(pattern.weekdays);
  const closed = new Set(pattern.closures);
  const out: { date: string; startsAt: string }[] = [];
  for (let i = 0; out.length < pattern.count && i < MAX_SPAN_DAYS; i++) {
    const date = addDays(pattern.firstDate, i);
    if (!days.has(weekdayOf(date)) || closed.has(date)) continue;
    out.push({ date, startsAt: zonedToUtc(date, pattern.startTime, timeZone).toISOString() });
  }
  return out;
}
