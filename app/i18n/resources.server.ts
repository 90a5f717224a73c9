import type { Resource, ResourceLanguage } from "i18next";
import type { Lang } from "./lang";

// Every app/i18n/locales/{lang}/{namespace}.json file, bundled into the server build.
const files = import.meta.glob<ResourceLanguage>("./locales/*/*.json", { eager: true, import: "default" });

const all: Record<string, ResourceLanguage> = {};
for (const [file, content] of Object.entries(files)) {
  const [, lang, ns] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (!lang || !ns) continue;
  all[lang] = { ...all[lang], [ns]: content };
}

/**
 * The translations a page in `lang` needs. Arabic pages carry no English fallback: locales.test.ts
 * proves every key (and every Arabic plural form) exists in both languages. The one English text
 * they keep is the brand, which page titles are compared against.
 */
export function resourcesFor(lang: Lang, leaveOut: readonly string[] = []): Resource {
  const pickNamespaces = (all: ResourceLanguage) => Object.fromEntries(Object.entries(all).filter(([ns]) => !leaveOut.includes(ns)));
  if (lang === "en") return { en: pickNamespaces(all.en!) };
  const englishBrand = (all.en!.common as Record<string, unknown>).brand;
  return { ar: pickNamespaces(all.ar!), en: { common: { brand: englishBrand } } };
}
