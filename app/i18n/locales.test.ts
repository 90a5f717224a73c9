import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.join(import.meta.dirname, "locales");

function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

// Plural forms differ by language (Arabic has six, English two): compare their base keys.
const baseKeys = (keys: string[]) => [...new Set(keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")))].sort();

function load(lang: string, file: string): unknown {
  return JSON.parse(readFileSync(path.join(dir, lang, file), "utf8"));
}

describe("locale files", () => {
  const enFiles = readdirSync(path.join(dir, "en")).sort();
  const arFiles = readdirSync(path.join(dir, "ar")).sort();

  it("has the same namespaces in English and Arabic", () => {
    expect(arFiles).toEqual(enFiles);
  });

  it.each(enFiles)("%s has every key in both languages, none empty", (file) => {
    const en = load("en", file);
    const ar = load("ar", file);
    expect(baseKeys(keysOf(ar))).toEqual(baseKeys(keysOf(en)));
    for (const key of keysOf(ar)) {
      const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], ar);
      expect(typeof value === "string" && value.trim().length > 0, `ar ${file} ${key}`).toBe(true);
    }
  });

  it.each(arFiles)("%s gives every Arabic plural all six forms (Arabic pages carry no English fallback)", (file) => {
    const keys = keysOf(load("ar", file));
    const plurals = [...new Set(keys.filter((k) => /_(zero|one|two|few|many|other)$/.test(k)).map((k) => k.replace(/_\w+$/, "")))];
    for (const base of plurals) {
      for (const form of ["zero", "one", "two", "few", "many", "other"]) expect(keys, `${file} ${base}_${form}`).toContain(`${base}_${form}`);
    }
  });
});
