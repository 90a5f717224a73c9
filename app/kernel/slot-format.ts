import type { Lang } from "~/i18n/lang";
import { dateLocale } from "~/lib/dates";

/**
 * Labels for slot times in the academy's time zone. Pages get them from their loader (formatted
 * once on the server), so the browser never re-formats and hydration always matches.
 */
// One locale per language for every date on the site (decision 112): day before month in English too.
const locale = dateLocale;

// Building an Intl formatter costs far more than using one; slot lists format many times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale(lang), options);
    formatters.set(key, cached);
  }
  return cached;
}

export function formatDateLabel(instant: Date | string, timeZone: string, lang: Lang): string {
  return formatter(lang, { timeZone, weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(new Date(instant));
}

export function formatTimeLabel(instant: Date | string, timeZone: string, lang: Lang): string {
  return formatter(lang, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(instant));
}

/**
 * A date and its time as one label: «الثلاثاء، 1 ديسمبر 2026، الساعة 18:00», "Tuesday 1 December 2026, 18:00".
 * The Arabic comma and «الساعة» join them in Arabic (review 2026-11-28, M14: a Latin ", " showed
 * in every line of the timetable e-mail).
 */
export function formatDateTimeLabel(instant: Date | string, timeZone: string, lang: Lang): string {
  return `${formatDateLabel(instant, timeZone, lang)}${lang === "ar" ? "، الساعة " : ", "}${formatTimeLabel(instant, timeZone, lang)}`;
}

/** The zone named for people, e.g. "India Standard Time (Asia/Kolkata)". */
export function formatZoneLabel(instant: Date | string, timeZone: string, lang: Lang): string {
  const name = formatter(lang, { timeZone, timeZoneName: "long" })
    .formatToParts(new Date(instant))
    .find((part) => part.type === "timeZoneName")?.value;
  return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
}

/** "November 2026" for a YYYY-MM month. */
export function formatMonthLabel(month: string, lang: Lang): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return formatter(lang, { timeZone: "UTC", year: "numeric", month: "long" }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** Short weekday names, Sunday first. */
export function weekdayNames(lang: Lang, width: "short" | "long"): string[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => formatter(lang, { timeZone: "UTC", weekday: width }).format(new Date(Date.UTC(2023, 0, 1 + i))));
}

/** A calendar column's heading for a YYYY-MM-DD date, e.g. "Tue 24 Nov". */
export function formatDayHeading(date: string, lang: Lang): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return formatter(lang, { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A YYYY-MM-DD date in words, e.g. "Tuesday 24 November 2026". */
export function formatDayLabel(date: string, lang: Lang): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return formatter(lang, { timeZone: "UTC", weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(new Date(Date.UTC(y, m - 1, d)));
}
