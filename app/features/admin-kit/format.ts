import type { Lang } from "~/i18n/lang";
import { CLOCK, dateLocale, formatCalendarDay, formatInstant } from "~/lib/dates";

/** A stored ISO instant as a date and 24-hour time for staff, in the academy's time zone: "28 Nov 2026, 19:36" (decision 112). */
export function formatDateTime(iso: string, lang: Lang, timeZone = "UTC"): string {
  return formatInstant(iso, lang, timeZone);
}

/** A post's publish date: a calendar date staff chose (no time was entered, so none is shown). */
export function formatPublishDate(iso: string, lang: Lang): string {
  return formatCalendarDay(iso, lang);
}

/** A stored ISO instant as a time of day ("14:32", 24 hours in Arabic too), in the academy's time zone. */
export function formatTime(iso: string, lang: Lang, timeZone = "UTC"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(dateLocale(lang), { timeStyle: "short", timeZone, ...CLOCK }).format(date);
  } catch {
    return date.toISOString().slice(11, 16);
  }
}
