import { textLangAttrs, type Lang } from "~/i18n/lang";
import type { PageTexts } from "./page-sections";

/**
 * Reads a page's staff-edited texts (decision 058) in a component: `text(key)` the words,
 * `attrs(key)` the `lang` and `dir` of an English text shown on an Arabic page for want of a
 * translation (nothing when the text is in the page's language).
 */
export function pageText(texts: PageTexts, pageLang: Lang) {
  return {
    text: (key: string): string => texts[key]?.text ?? "",
    attrs: (key: string) => (texts[key] ? textLangAttrs(texts[key].lang, pageLang) : {}),
  };
}

/** Props for an element showing one staff-edited text: its words as children, and its language when it differs from the page's. */
export function sayer(texts: PageTexts, pageLang: Lang) {
  const page = pageText(texts, pageLang);
  return (key: string) => ({ ...page.attrs(key), children: page.text(key) });
}
