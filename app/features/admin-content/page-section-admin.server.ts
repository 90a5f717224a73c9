import { inTransaction, type DB } from "~server/db/db";
import { diffFields, recordAudit } from "~server/audit/audit";
import { PAGE_KEYS, PAGE_SECTIONS, isPageKey, sectionOf, type PageKey, type PageSection } from "~/features/site/page-sections";
import { readSections, savePageSection, seedValues, storedValues } from "~/features/site/page-sections.server";
import { missingTranslations, sectionForm, sectionValues } from "./page-section-admin.schema";
import { afterContentSave } from "./revisions.server";
import { pageSectionIds, pageSectionRow } from "~/features/site/queries.server";

/** The pages list of `/admin/pages`: each page with its sections and how many fields lack Arabic. */
export async function listPages(db: DB) {
  const stored = await readSections(db, PAGE_KEYS);
  return PAGE_KEYS.map((page) => {
    const sections = PAGE_SECTIONS[page] as readonly PageSection[];
    const missing = sections.reduce((n, s) => n + missingTranslations(s, stored.get(`${page}/${s.key}`) ?? seedValues(s)).length, 0);
    const updatedAt =
      sections
        .map((s) => stored.get(`${page}/${s.key}`)?.updatedAt ?? "")
        .sort()
        .at(-1) ?? "";
    return { page, sections: sections.length, missing, updatedAt };
  });
}

/**
 * The editor of one page: each section's row id (its drafts and revisions are keyed by it,
 * decision 063; null before the seed has written it), form values and the fields lacking a translation.
 */
export async function pageEditor(db: DB, page: PageKey) {
  const stored = await readSections(db, [page]);
  const ids = new Map((await pageSectionIds(db, page)).map((r) => [r.section, r.id]));
  return (PAGE_SECTIONS[page] as readonly PageSection[]).map((section) => {
    const values = stored.get(`${page}/${section.key}`) ?? seedValues(section);
    return { key: section.key, id: ids.get(section.key) ?? null, values: sectionForm(section, values), missing: missingTranslations(section, values) };
  });
}

/** A stored section by its row id: which page and declared section it is, and its editor values (what a revision keeps). */
export async function sectionById(db: DB, id: number): Promise<{ page: PageKey; section: PageSection; values: Record<string, string> } | undefined> {
  const row = await pageSectionRow(db, id);
  if (!row || !isPageKey(row.page)) return undefined;
  const section = sectionOf(row.page, row.section);
  if (!section) return undefined;
  return { page: row.page, section, values: sectionForm(section, storedValues(row.page, row.section, row)) };
}

export const pageSectionValues = async (db: DB, id: number) => (await sectionById(db, id))?.values;

/**
 * Saves one section's texts and logs each changed field (`title_en`, `title_ar`: before → after)
 * in one transaction; the audit entry is also what renews the page cache (content version).
 */
export async function saveSection(db: DB, page: PageKey, section: PageSection, form: Record<string, string>, userId: number): Promise<void> {
  const next = sectionValues(section, form);
  const flat = (values: { en: Record<string, string>; ar: Record<string, string> }) =>
    Object.fromEntries(
      section.fields.flatMap((f) =>
        f.shared
          ? [[f.name, values.en[f.name] ?? ""]]
          : [
              [`${f.name}_en`, values.en[f.name] ?? ""],
              [`${f.name}_ar`, values.ar[f.name] ?? ""],
            ],
      ),
    );
  await inTransaction(db, async (trx) => {
    const current = (await readSections(trx, [page])).get(`${page}/${section.key}`) ?? seedValues(section);
    const id = await savePageSection(trx, page, section.key, next);
    await recordAudit(trx, {
      userId,
      action: "update",
      entity: "page_section",
      entityId: `${page}/${section.key}`,
      name: `${page} / ${section.key}`,
      changes: diffFields(flat(current), flat(next)),
    });
    // The saved texts become a revision and the saver's draft of the section goes (decisions 035, 063).
    await afterContentSave(trx, { table: "page_sections", recordId: id, userId, values: sectionForm(section, next), created: false });
  });
}
