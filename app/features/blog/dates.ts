import type { Lang } from "~/i18n/lang";
import { dateLocale } from "~/lib/dates";

// Long dates: "14 March 2026" in English (day before month, decision 112), "14 مارس 2026" in Arabic. The locale is spelled out
// in full (Gregorian calendar, Latin digits like the rest of the site) so that the server's and
// the browser's ICU agree and hydration sees the same text.
const locales: Record<Lang, string> = { en: dateLocale("en"), ar: "ar-u-ca-gregory-nu-latn" };

/** A stored ISO date as a long date in the page's language, in the academy's time zone. */
export function formatLongDate(iso: string, lang: Lang, timeZone: string = "UTC"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  try {
    return new Intl.DateTimeFormat(locales[lang], { dateStyle: "long", timeZone }).format(date);
  } catch {
    // An unknown time zone in the settings must not break the page.
    return new Intl.DateTimeFormat(locales[lang], { dateStyle: "long", timeZone: "UTC" }).format(date);
  }
}
