import type { Lang } from "~/i18n/lang";

/** An academy day (YYYY-MM-DD) as "27 Nov 2026", Western digits in Arabic too (decision 005). */
export function formatDay(date: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" }).format(new Date(`${date}T12:00:00Z`));
}

