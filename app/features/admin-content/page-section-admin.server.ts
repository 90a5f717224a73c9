import type { DB } from "~server/db/db";
import { diffFields, recordAudit } from "~server/audit/audit";
import { nowIso, toDbJson } from "~server/db/values";
import { PAGE_KEYS, PAGE_SECTIONS, type PageKey, type PageSection } from "~/features/site/page-sections";
import { readSections, seedValues } from "~/features/site/page-sections.server";
import { missingTranslations, sectionForm, sectionValues } from "./page-section-admin.schema";

/** The pages list of `/admin/pages`: each page with its sections and how many fields lack Arabic. */
export async function listPages(db: DB) {
  const stored = await readSections(db, PAGE_KEYS);
  return PAGE_KEYS.map((page) => {
    const sections = PAGE_SECTIONS[page] as readonly PageSection[];
    const missing = sections.reduce((n, s) => n + missingTranslations(s, stored.get(`${page}/${s.key}`) ?? seedValues(s)).length, 0);
    const updatedAt = sections.map((s) => stored.get(`${page}/${s.key}`)?.updatedAt ?? "").sort().at(-1) ?? "";
    return { page, sections: sections.length, missing, updatedAt };
  });
}

/** The editor of one page: each section's form values and the fields lacking a translation. */
export async function pageEditor(db: DB, page: PageKey) {
  const stored = await readSections(db, [page]);
  return (PAGE_SECTIONS[page] as readonly PageSection[]).map((section) => {
    const values = stored.get(`${page}/${section.key}`) ?? seedValues(section);
    return { key: section.key, values: sectionForm(section, values), missing: missingTranslations(section, values) };
  });
}

/**
 * Saves one section's texts and logs each changed field (`title_en`, `title_ar`: before → after)
 * in one transaction; the audit entry is also what renews the page cache (content version).
 */
export async function saveSection(db: DB, page: PageKey, section: PageSection, form: Record<string, string>, userId: number): Promise<void> {
  const next = sectionValues(section, form);
  const flat = (values: { en: Record<string, string>; ar: Record<string, string> }) =>
    Object.fromEntries(section.fields.flatMap((f) => (f.shared ? [[f.name, values.en[f.name] ?? ""]] : [[`${f.name}_en`, values.en[f.name] ?? ""], [`${f.name}_ar`, values.ar[f.name] ?? ""]])));
  await db.transaction().execute(async (trx) => {
    const current = (await readSections(trx, [page])).get(`${page}/${section.key}`) ?? seedValues(section);
    const now = nowIso();
    await trx
      .insertInto("page_sections")
      .values({ page, section: section.key, texts_en: toDbJson(next.en), texts_ar: toDbJson(next.ar), created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(["page", "section"]).doUpdateSet({ texts_en: toDbJson(next.en), texts_ar: toDbJson(next.ar), updated_at: now }))
      .execute();
    await recordAudit(trx, { userId, action: "update", entity: "page_section", entityId: `${page}/${section.key}`, name: `${page} / ${section.key}`, changes: diffFields(flat(current), flat(next)) });
  });
}
