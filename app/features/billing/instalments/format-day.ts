import type { Lang } from "~/i18n/lang";

/** A calendar day (YYYY-MM-DD) in the reader's language, "Monday, 4 January 2027" (Western digits in Arabic). */
export function formatDay(day: string, lang: Lang): string {
  const locale = lang === "ar" ? "ar-u-nu-latn" : "en-GB";
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
