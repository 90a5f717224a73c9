import { createInstance, type i18n, type Resource } from "i18next";
import type { Lang } from "./lang";

/**
 * A fresh i18next instance for one render: the server makes one per request and the
 * browser one per language, so two visitors never share a language.
 * Resources arrive ready (from the root loader), so initialisation is synchronous.
 */
export function createI18n(lang: Lang, resources: Resource): i18n {
  const instance = createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: "en",
    resources,
    defaultNS: "common",
    ns: Object.keys(resources[lang] ?? resources.en ?? {}),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}
