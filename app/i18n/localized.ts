import type { Lang } from "./lang";

/**
 * Reads a bilingual column pair (`{field}_en` / `{field}_ar`): the requested language,
 * or English when that text is empty.
 */
export function pick<F extends string>(row: { [K in `${F}_en` | `${F}_ar`]: string }, field: F, lang: Lang): string {
  const wanted = row[`${field}_${lang}` as `${F}_en`];
  return wanted && wanted.trim() !== "" ? wanted : row[`${field}_en` as `${F}_en`];
}

/** A {en, ar} pair in the requested language, English when the other is empty. */
export function pickPair(pair: { en: string; ar: string }, lang: Lang): string {
  return pair[lang]?.trim() ? pair[lang] : pair.en;
}
