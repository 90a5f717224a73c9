import type { DB } from "~server/db/db";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import {
  PAGE_SECTIONS,
  isPageKey,
  sectionOf,
  shownText,
  type PageKey,
  type PageSection,
  type PageTexts,
  type SectionField,
  type SectionValues,
} from "./page-sections";

const texts = (stored: string): Record<string, string> => {
  const parsed = fromDbJson<Record<string, unknown>>(stored, {});
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
};

/**
 * A stored row's texts per language, a declared field missing from it (added to the section after
 * the row was seeded or saved) taking its seed text, as a new installation would.
 */
export function storedValues(page: string, sectionKey: string, stored: { texts_en: string; texts_ar: string }): SectionValues {
  const values = { en: texts(stored.texts_en), ar: texts(stored.texts_ar) };
  const section = isPageKey(page) ? sectionOf(page, sectionKey) : undefined;
  for (const field of section?.fields ?? []) {
    for (const lang of ["en", "ar"] as const) if (!Object.hasOwn(values[lang], field.name)) values[lang][field.name] = seedText(field, lang);
  }
  return values;
}

/** The stored texts of every section of the given pages, by `page/section`. */
export async function readSections(db: DB, pages: readonly PageKey[]): Promise<Map<string, SectionValues & { updatedAt: string }>> {
  const rows = await db.selectFrom("page_sections").select(["page", "section", "texts_en", "texts_ar", "updated_at"]).where("page", "in", pages).execute();
  return new Map(rows.map((row) => [`${row.page}/${row.section}`, { ...storedValues(row.page, row.section, row), updatedAt: row.updated_at }]));
}

/**
 * What the public pages show: every field of the given pages, by `section.field` (the page's own
 * `site` texts — stats, footer — under `site.`), in `lang` or falling back to English.
 */
export async function pageTexts(db: DB, pages: readonly PageKey[], lang: Lang): Promise<PageTexts> {
  const stored = await readSections(db, pages);
  const shown: PageTexts = {};
  for (const page of pages) {
    for (const section of PAGE_SECTIONS[page] as readonly PageSection[]) {
      const values = stored.get(`${page}/${section.key}`) ?? { en: {}, ar: {} };
      for (const field of section.fields) shown[`${page === "site" ? "site." : ""}${section.key}.${field.name}`] = shownText(values, field, lang);
    }
  }
  return shown;
}

/** A field's starting text in one language: the locale text it came from, or its given value. */
function seedText(field: SectionField, lang: Lang): string {
  if ("value" in field.seed) return lang === "en" ? field.seed.value : "";
  if (field.shared && lang === "ar") return "";
  const [ns, key] = field.seed.from.split(":") as [string, string];
  // A placeholder the page fills in stays in the text, for the page (and staff) to see.
  return serverT(lang, ns, key, field.placeholder ? { [field.placeholder]: `{{${field.placeholder}}}` } : {});
}

export const seedValues = (section: PageSection): SectionValues => ({
  en: Object.fromEntries(section.fields.map((f) => [f.name, seedText(f, "en")])),
  ar: Object.fromEntries(section.fields.map((f) => [f.name, seedText(f, "ar")])),
});

/** Adds each declared section missing from the table with today's texts (new installs, and sections added later). */
export async function seedPageSections(db: DB): Promise<void> {
  const existing = new Set((await db.selectFrom("page_sections").select(["page", "section"]).execute()).map((r) => `${r.page}/${r.section}`));
  const now = nowIso();
  const missing = Object.entries(PAGE_SECTIONS).flatMap(([page, sections]) =>
    (sections as readonly PageSection[])
      .filter((section) => !existing.has(`${page}/${section.key}`))
      .map((section) => {
        const values = seedValues(section);
        return { page, section: section.key, texts_en: toDbJson(values.en), texts_ar: toDbJson(values.ar), created_at: now, updated_at: now };
      }),
  );
  if (missing.length > 0)
    await db
      .insertInto("page_sections")
      .values(missing)
      .onConflict((oc) => oc.columns(["page", "section"]).doNothing())
      .execute();
}

/** Saves a section's texts, new or changed (the site feature owns page_sections, decision 145); returns the row's id. */
export async function savePageSection(db: DB, page: string, section: string, values: SectionValues): Promise<number> {
  const now = nowIso();
  const [en, ar] = [toDbJson(values.en), toDbJson(values.ar)];
  await db
    .insertInto("page_sections")
    .values({ page, section, texts_en: en, texts_ar: ar, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(["page", "section"]).doUpdateSet({ texts_en: en, texts_ar: ar, updated_at: now }))
    .execute();
  const { id } = await db.selectFrom("page_sections").select("id").where("page", "=", page).where("section", "=", section).executeTakeFirstOrThrow();
  return id;
}
