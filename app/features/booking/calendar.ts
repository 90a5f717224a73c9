import type { Lang } from "~/i18n/lang";
import { formatDateLabel, formatMonthLabel } from "~/kernel/slot-format";
import { addDays, weekdayOf } from "~/lib/zoned-time";

export interface CalendarDay {
  date: string;
  day: number;
  /** Full date for screen readers and headings, e.g. "Monday, 23 November 2026". */
  label: string;
  /** The day can be chosen: it has times, open or (for the waitlist) full. */
  available: boolean;
  /** Every time that day is taken: choosing it offers the waitlist (decision 032). */
  full: boolean;
}

export interface CalendarMonth {
  /** YYYY-MM */
  key: string;
  label: string;
  /** Weeks of seven cells, Sunday first; null pads days outside the month. */
  weeks: (CalendarDay | null)[][];
}

/**
 * The months from `today`'s month to the month of `lastDate`, with the dates that have times
 * marked available, and those whose every time is taken also marked full (labels formatted on
 * the server, see slot-format.ts).
 */
export function buildCalendar(today: string, lastDate: string, days: { open: Set<string>; full: Set<string> }, lang: Lang): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  let first = `${today.slice(0, 7)}-01`;
  const lastMonth = (lastDate > today ? lastDate : today).slice(0, 7);
  while (first.slice(0, 7) <= lastMonth) {
    const key = first.slice(0, 7);
    const cells: (CalendarDay | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
    for (let date = first; date.slice(0, 7) === key; date = addDays(date, 1)) {
      // A readable label in UTC: the date is already the academy's calendar date.
      cells.push({
        date,
        day: Number(date.slice(8)),
        label: formatDateLabel(`${date}T12:00:00Z`, "UTC", lang),
        available: days.open.has(date) || days.full.has(date),
        full: !days.open.has(date) && days.full.has(date),
      });
    }
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks: (CalendarDay | null)[][] = [];
    for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
    months.push({ key, label: formatMonthLabel(key, lang), weeks });
    first = addDays(first, 32).slice(0, 7) + "-01";
  }
  return months;
}
