import type { Lang } from "~/i18n/lang";

/** A certificate's date of issue (YYYY-MM-DD, the academy's date) as words, Western digits in Arabic too (decision 005). */
export function formatIssuedOn(date: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** An instant (revocation) as a date in the academy's zone. */
export function formatInstant(instant: string, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", {
    timeZone,
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(instant));
}
