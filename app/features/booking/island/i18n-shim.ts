/**
 * react-i18next as the booking island sees it (decision 108): `t` over the page's own translation
 * files (the booking, validation and common namespaces), with what those texts use of i18next:
 * nested keys, `{{name}}` interpolation (not escaped: React escapes, as `escapeValue: false` in
 * app/i18n/i18n.ts), plurals by the language's rules (`_one`, `_few`, ... then `_other`), a
 * `defaultValue`, and `ns:key`. i18next itself (about 15 KB brotli) would put the island over the
 * issue's 90 KB. vite.config.ts resolves `react-i18next` here in the enhancement script's bundle
 * only; the app keeps i18next. island.test.ts checks it against i18next on every text of these
 * namespaces in both languages.
 */

type Texts = Record<string, unknown>;
type Options = { count?: number; defaultValue?: string; [name: string]: unknown };

let lang = "en";
let namespaces: Record<string, Texts> = {};
let plurals: Intl.PluralRules | null = null;

export function setIslandTexts(language: string, texts: Record<string, Texts>): void {
  lang = language;
  namespaces = texts;
  plurals = null;
}

function lookup(ns: string, key: string): string | undefined {
  let node: unknown = namespaces[ns];
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Texts)[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function translate(defaultNs: string, fullKey: string, options: Options = {}): string {
  const colon = fullKey.indexOf(":");
  const [ns, key] = colon > 0 && fullKey.slice(0, colon) in namespaces ? [fullKey.slice(0, colon), fullKey.slice(colon + 1)] : [defaultNs, fullKey];
  let text: string | undefined;
  if (typeof options.count === "number") {
    // As i18next: a count of 0 takes `_zero` where the language has one, whatever its plural rules say.
    text =
      (options.count === 0 ? lookup(ns, `${key}_zero`) : undefined) ??
      lookup(ns, `${key}_${(plurals ??= new Intl.PluralRules(lang)).select(options.count)}`) ??
      lookup(ns, `${key}_other`);
  }
  text ??= lookup(ns, key) ?? options.defaultValue ?? key;
  return text.replace(/\{\{\s*-?\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole));
}

export function useTranslation(ns = "common") {
  return { t: (key: string, options?: Options) => translate(ns, key, options), i18n: { language: lang } };
}
