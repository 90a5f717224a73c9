import type { Lang } from "~/i18n/lang";
import { formatDayHeading, formatDayLabel } from "~/kernel/slot-format";
import { addDays, weekdayOf } from "~/lib/zoned-time";

/**
 * The staff slots calendar (week and day views), built on the server from the academy's dates so
 * its labels and "today" never depend on the browser's clock or zone.
 */
export type CalendarView = "week" | "day";

/**
 * Hours whose empty cells offer "add a slot here": the academy's usual day (the seeded opening
 * hours, 9:00 to 18:00, so the last class starts at 17:00). The opening-hours setting is free text
 * in two languages, so it is not parsed; hours holding a slot outside these are shown too.
 */
export const OPENING_HOURS = Array.from({ length: 9 }, (_, i) => `${String(9 + i).padStart(2, "0")}:00`);

/** Weeks start on Sunday, as the weekday numbers of the series form (0 = Sunday). */
export function weekStart(date: string): string {
  return addDays(date, -weekdayOf(date));
}

export interface CalendarDayColumn {
  date: string;
  heading: string;
  label: string;
  today: boolean;
  /** Before today: no "add a slot" links (a slot must start in the future). */
  past: boolean;
}

export interface CalendarFrame {
  view: CalendarView;
  /** The date the view is anchored on (its week's Sunday for the week view). */
  date: string;
  from: string;
  to: string;
  previous: string;
  next: string;
  /** The academy's wall-clock time now (HH:MM): today's hours up to it offer no "add a slot". */
  now: string;
  days: CalendarDayColumn[];
}

export function calendarFrame(view: CalendarView, date: string, today: { date: string; time: string }, lang: Lang): CalendarFrame {
  const from = view === "week" ? weekStart(date) : date;
  const length = view === "week" ? 7 : 1;
  const days = Array.from({ length }, (_, i) => {
    const day = addDays(from, i);
    return { date: day, heading: formatDayHeading(day, lang), label: formatDayLabel(day, lang), today: day === today.date, past: day < today.date };
  });
  return { view, date: from, from, to: addDays(from, length - 1), previous: addDays(from, -length), next: addDays(from, length), now: today.time, days };
}

/** The rows of the grid: the opening hours plus any hour holding a slot, in order. */
export function calendarHours(slotTimes: string[]): string[] {
  const hours = new Set(OPENING_HOURS);
  for (const time of slotTimes) hours.add(`${time.slice(0, 2)}:00`);
  return [...hours].sort();
}

/** `?create=2026-11-24T10:00`: the create form's date and time, or null. */
export function parseCreateParam(value: string | null): { date: string; time: string } | null {
  const match = value ? /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))T([01]\d|2[0-3]):([0-5]\d)$/.exec(value) : null;
  if (!match || Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`))) return null;
  return { date: match[1]!, time: `${match[2]}:${match[3]}` };
}
