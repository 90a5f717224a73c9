import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/i18n";
import { setIslandTexts, translate } from "./i18n-shim";

/**
 * The booking island's `t` (decision 108) must say exactly what i18next says on the server, or the
 * island's hydration would not match the server's HTML: every text of the namespaces it loads, in
 * both languages, with the plural counts and the variables those texts use.
 */
const NAMESPACES = ["common", "validation", "booking", "messaging"];
const COUNTS = [0, 1, 2, 3, 5, 11, 100, 101];

function load(lang: string) {
  return Object.fromEntries(
    NAMESPACES.map((ns) => [
      ns,
      JSON.parse(readFileSync(path.join(import.meta.dirname, "../../../i18n/locales", lang, `${ns}.json`), "utf8")) as Record<string, unknown>,
    ]),
  );
}

function leaves(node: unknown, prefix = ""): [string, string][] {
  if (typeof node === "string") return [[prefix, node]];
  if (typeof node !== "object" || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

describe("the booking island's translator", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`says what i18next says for every ${lang} text of ${NAMESPACES.join(", ")}`, () => {
      const texts = load(lang);
      const english = load("en");
      // i18next as the server sets it up: an Arabic text missing would fall back to English, which
      // the island (the page's language only) cannot: the keys compared are English's and the page's.
      const i18n = createI18n(lang, { en: english, [lang]: texts });
      setIslandTexts(lang, texts);
      let compared = 0;
      for (const ns of NAMESPACES) {
        const entries = [...leaves(texts[ns]), ...leaves(english[ns])];
        const variables = Object.fromEntries(
          [...new Set(entries.flatMap(([, text]) => [...text.matchAll(/\{\{\s*-?\s*(\w+)/g)].map((match) => match[1]!)))].map((name) => [name, `«${name}»`]),
        );
        // Plural forms are asked for by their base key and a count.
        const keys = [...new Set(entries.map(([key]) => key.replace(/_(zero|one|two|few|many|other)$/, "")))];
        for (const key of keys) {
          const plural = entries.some(([candidate]) => candidate.startsWith(`${key}_`));
          for (const options of plural ? COUNTS.map((count) => ({ ...variables, count })) : [variables, {}]) {
            expect(translate(ns, key, options), `${lang} ${ns}:${key} ${JSON.stringify(options)}`).toBe(i18n.t(key, { ns, ...options }));
            compared += 1;
          }
        }
      }
      expect(compared).toBeGreaterThan(100);
      // A key from another namespace, a missing key with a default, a server text with a colon.
      expect(translate("booking", "validation:required")).toBe(i18n.t("validation:required", { ns: "booking" }));
      expect(translate("validation", "no.such.key", { defaultValue: "Plain text" })).toBe("Plain text");
      expect(translate("validation", "Error: try again", { defaultValue: "Error: try again" })).toBe(
        i18n.t("Error: try again", { ns: "validation", defaultValue: "Error: try again" }),
      );
    });
  }
});
