import { createContext } from "react";
import type { Resource, ResourceLanguage } from "i18next";
import type { Lang } from "./lang";

/**
 * Translations out of the HTML (issue 27, decision 070). A page that hydrates names its
 * translations as files (one per language and namespace, hashed by Vite, served from /assets/ with
 * immutable caching) instead of carrying them in its loader data: the browser fetches each file
 * once and keeps it. The server renders from its own copy (ServerTranslations, given by
 * entry.server.tsx); the browser from the files, loaded before hydration (entry.client.tsx) and
 * before a navigation's render (the root's clientLoader).
 */

// Every app/i18n/locales/{lang}/{namespace}.json as the URL of its hashed copy (the same names in both builds).
const fileUrls = import.meta.glob<string>("./locales/*/*.json", { eager: true, query: "?url", import: "default" });

const urls: Record<string, Record<string, string>> = {};
for (const [file, url] of Object.entries(fileUrls)) {
  const [, lang, ns] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (lang && ns) urls[lang] = { ...urls[lang], [ns]: url };
}

/** What a page's loader data says about its translations: a few short URLs, not the texts. */
export interface Translations {
  lang: Lang;
  /** Namespace → URL of its file, for the namespaces the page uses. */
  files: Record<string, string>;
  /** The few texts carried inline (an Arabic page's English brand, compared in page titles). */
  inline: Resource;
}

/** The translation files of `lang`, leaving out the namespaces the page does not use. */
export function translationsFor(lang: Lang, leaveOut: readonly string[], inline: Resource): Translations {
  const files = Object.fromEntries(Object.entries(urls[lang] ?? {}).filter(([ns]) => !leaveOut.includes(ns)));
  return { lang, files, inline };
}

/** On the server: the texts of a page's translations (resources.server.ts). Null in the browser. */
export const ServerTranslations = createContext<((translations: Translations) => Resource) | null>(null);

// The files this browser has loaded, by URL (each URL names one version of one file).
const loaded = new Map<string, ResourceLanguage[string]>();

/** Fetches the files not loaded yet; rejects when one cannot be had (the caller decides what then). */
export async function loadTranslationFiles(fileList: readonly string[]): Promise<void> {
  await Promise.all(
    fileList
      .filter((url) => !loaded.has(url))
      .map(async (url) => {
        const response = await fetch(url, { credentials: "same-origin" });
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        loaded.set(url, (await response.json()) as ResourceLanguage[string]);
      }),
  );
}

export const loadTranslations = (translations: Translations): Promise<void> => loadTranslationFiles(Object.values(translations.files));

/** The texts of a page's translations from the loaded files (in the browser). */
export function loadedResources(translations: Translations): Resource {
  const own: ResourceLanguage = { ...translations.inline[translations.lang] };
  for (const [ns, url] of Object.entries(translations.files)) {
    const content = loaded.get(url);
    if (content !== undefined) own[ns] = content;
  }
  return { ...translations.inline, [translations.lang]: own };
}
