import { readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import accepts from "accepts";
import { projectRoot } from "~/lib/project-root.server";
import { isLang, type Lang } from "~/i18n/lang";

/** Server-side access to the same locale files the pages use (API messages, e-mails). */
const localesDir = path.join(projectRoot, "app/i18n/locales");

type Tree = { [key: string]: string | Tree };
const resources: Record<string, Record<string, Tree>> = {};
for (const lang of readdirSync(localesDir)) {
  resources[lang] = {};
  for (const file of readdirSync(path.join(localesDir, lang))) {
    resources[lang]![file.replace(/\.json$/, "")] = JSON.parse(readFileSync(path.join(localesDir, lang, file), "utf8"));
  }
}

function lookup(lang: Lang, ns: string, key: string): string | undefined {
  let node: string | Tree | undefined = resources[lang]?.[ns];
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** The key itself, else its plural form for a numeric `count` (`key_one`, `key_few`, … as i18next names them). */
function lookupCounted(lang: Lang, ns: string, key: string, count: unknown): string | undefined {
  const plain = lookup(lang, ns, key);
  if (plain !== undefined || typeof count !== "number") return plain;
  return lookup(lang, ns, `${key}_${new Intl.PluralRules(lang).select(count)}`) ?? lookup(lang, ns, `${key}_other`);
}

/** Translates `ns:key` (English fallback, then the key itself), filling {{name}} placeholders; plural keys by `count`. */
export function serverT(lang: Lang, ns: string, key: string, values: Record<string, string | number> = {}): string {
  const text = lookupCounted(lang, ns, key, values.count) ?? lookupCounted("en", ns, key, values.count) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/**
 * The language a client asked for: one `?lang=`, else Accept-Language, else English. Read from
 * the plain Node request, so the page cache can answer before Express (decision 039).
 */
export function requestLang(req: IncomingMessage): Lang {
  const url = req.url ?? "";
  const queryAt = url.indexOf("?");
  const asked = queryAt < 0 ? [] : new URLSearchParams(url.slice(queryAt + 1)).getAll("lang");
  if (asked.length === 1 && isLang(asked[0])) return asked[0];
  // Without Accept-Language (most API clients) the answer is English: no negotiator built (issue 40).
  if (req.headers["accept-language"] === undefined) return "en";
  return accepts(req).languages("en", "ar") === "ar" ? "ar" : "en";
}
