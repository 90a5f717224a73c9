import { z } from "zod";
import { optionalText, requiredText } from "~/lib/validation";
import type { PageSection } from "~/features/site/page-sections";

/**
 * The editor's form of one page section (decision 058): `{field}En` (required) and `{field}Ar`
 * (may be empty: the page shows the English) for each bilingual field, `{field}` for a shared
 * one (a figure such as "156+"); nothing else.
 */
export function sectionSchema(section: PageSection) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of section.fields) {
    if (field.shared) shape[field.name] = requiredText(field.max);
    else {
      shape[`${field.name}En`] = requiredText(field.max);
      shape[`${field.name}Ar`] = optionalText(field.max);
    }
  }
  return z.strictObject(shape) as unknown as z.ZodType<Record<string, string>, Record<string, string>>;
}

/** The stored texts of a section as its form's values. */
export function sectionForm(section: PageSection, values: { en: Record<string, string>; ar: Record<string, string> }): Record<string, string> {
  const form: Record<string, string> = {};
  for (const field of section.fields) {
    if (field.shared) form[field.name] = values.en[field.name] ?? "";
    else {
      form[`${field.name}En`] = values.en[field.name] ?? "";
      form[`${field.name}Ar`] = values.ar[field.name] ?? "";
    }
  }
  return form;
}

/** A section form's values as stored per language (shared fields live with the English). */
export function sectionValues(section: PageSection, form: Record<string, string>): { en: Record<string, string>; ar: Record<string, string> } {
  const en: Record<string, string> = {};
  const ar: Record<string, string> = {};
  for (const field of section.fields) {
    if (field.shared) en[field.name] = form[field.name] ?? "";
    else {
      en[field.name] = form[`${field.name}En`] ?? "";
      ar[field.name] = form[`${field.name}Ar`] ?? "";
    }
  }
  return { en, ar };
}

/** The bilingual fields whose Arabic (or English) is empty: what the other language's visitors read in the wrong language. */
export function missingTranslations(section: PageSection, values: { en: Record<string, string>; ar: Record<string, string> }): string[] {
  return section.fields.filter((f) => !f.shared && (values.en[f.name] ?? "").trim() !== "" && (values.ar[f.name] ?? "").trim() === "").map((f) => f.name);
}
