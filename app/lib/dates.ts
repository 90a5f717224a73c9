import type { Lang } from "~/i18n/lang";

/**
 * How each language writes dates and times (issue 42 step 7, decision 112): one locale per
 * language, day before month in English too ("Sat 12 Dec 2026", for families in the Gulf and India),
 * Western digits in Arabic, and one clock (24 hours: "18:00", never "6:00 PM" nor "7:37 م"). Every
 * date formatter of the site builds its Intl.DateTimeFormat with these; ISO dates are for CSV only.
 */
export const dateLocale = (lang: Lang): string => (lang === "ar" ? "ar-u-nu-latn" : "en-GB");

/** The clock: 24 hours, in every language. */
export const CLOCK = { hourCycle: "h23" } as const satisfies Intl.DateTimeFormatOptions;

/** A calendar day (YYYY-MM-DD, the academy's date) as "5 Dec 2026" / «5 ديسمبر 2026»: the documents' and e-mails' date. */
export function formatCalendarDay(day: string, lang: Lang, month: "short" | "long" = "short"): string {
  const date = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(dateLocale(lang), { timeZone: "UTC", year: "numeric", month: lang === "ar" ? "long" : month, day: "numeric" }).format(date);
}

/** A stored instant as its day and 24-hour time in the academy's zone: "28 Nov 2026, 19:36" / «28 نوفمبر 2026، 19:36». */
export function formatInstant(instant: string, lang: Lang, timeZone = "UTC"): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
  } catch {
    zone = "UTC";
  }
  const day = new Intl.DateTimeFormat(dateLocale(lang), { timeZone: zone, year: "numeric", month: lang === "ar" ? "long" : "short", day: "numeric" }).format(
    date,
  );
  const time = new Intl.DateTimeFormat(dateLocale(lang), { timeZone: zone, hour: "2-digit", minute: "2-digit", ...CLOCK }).format(date);
  return `${day}${lang === "ar" ? "، " : ", "}${time}`;
}
