import type { Resource, ResourceLanguage } from "i18next";
import type { Lang } from "./lang";
import type { Translations } from "./translations";

// Every app/i18n/locales/{lang}/{namespace}.json file, bundled into the server build.
const files = import.meta.glob<ResourceLanguage>("./locales/*/*.json", { eager: true, import: "default" });

const all: Record<string, ResourceLanguage> = {};
for (const [file, content] of Object.entries(files)) {
  const [, lang, ns] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (!lang || !ns) continue;
  all[lang] = { ...all[lang], [ns]: content };
}

/** The texts of a page's translations (app/i18n/translations.ts): the server renders from these. */
export function resourcesOf(translations: Translations): Resource {
  const names = Object.keys(translations.files);
  const own = Object.fromEntries(Object.entries(all[translations.lang] ?? {}).filter(([ns]) => names.includes(ns)));
  return { ...translations.inline, [translations.lang]: { ...translations.inline[translations.lang], ...own } };
}

/** What an Arabic page carries inline: the English brand only. */
export function inlineTexts(lang: Lang): Resource {
  return lang === "en" ? {} : { en: { common: { brand: (all.en!.common as Record<string, unknown>).brand as string } } };
}
