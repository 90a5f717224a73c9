/**
 * Weekly buckets for the dashboard chart: the last N weeks (Monday to Sunday) in the academy's
 * time zone, the current week last.
 */

/** yyyy-mm-dd of an instant in a time zone (falls back to UTC for an unknown zone). */
function localDate(instant: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
  } catch {
    return instant.toISOString().slice(0, 10);
  }
}

/** The Monday (yyyy-mm-dd) of the week holding a yyyy-mm-dd date. */
export function weekStart(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const offset = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - offset);
  return day.toISOString().slice(0, 10);
}

/** The Mondays of the last `count` weeks, oldest first, ending with the week of `now`. */
export function lastWeeks(now: Date, timeZone: string, count: number): string[] {
  const current = new Date(`${weekStart(localDate(now, timeZone))}T00:00:00Z`);
  const weeks: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const monday = new Date(current);
    monday.setUTCDate(current.getUTCDate() - 7 * i);
    weeks.push(monday.toISOString().slice(0, 10));
  }
  return weeks;
}

/** Counts instants (ISO text) per week; instants outside the weeks are ignored. */
export function countPerWeek(instants: string[], weeks: string[], timeZone: string): number[] {
  const index = new Map(weeks.map((week, i) => [week, i]));
  const counts = weeks.map(() => 0);
  for (const instant of instants) {
    const i = index.get(weekStart(localDate(new Date(instant), timeZone)));
    if (i !== undefined) counts[i]! += 1;
  }
  return counts;
}
