import type { Lang } from "~/i18n/lang";

/**
 * A length in minutes in words, its counted noun agreeing with the number in each language
 * ("45 minutes", «45 دقيقة», «10 دقائق», «دقيقتان»): a class's length or a pause staff or code set,
 * which a locale text cannot word for every number (review 2026-11-28, pattern rule 7). Latin
 * digits in Arabic (decision 005).
 */
export function formatMinutes(minutes: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { style: "unit", unit: "minute", unitDisplay: "long" }).format(minutes);
}
