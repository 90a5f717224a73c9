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

/** The translations a page in `lang` needs: its own, plus English as the fallback. */
export function resourcesFor(lang: Lang, leaveOut: readonly string[] = []): Resource {
  const pickNamespaces = (all: ResourceLanguage) => Object.fromEntries(Object.entries(all).filter(([ns]) => !leaveOut.includes(ns)));
  return lang === "en" ? { en: pickNamespaces(all.en!) } : { en: pickNamespaces(all.en!), ar: pickNamespaces(all.ar!) };
}
