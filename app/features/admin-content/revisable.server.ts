import type { DB } from "~server/db/db";
import type { RevisedTable } from "~server/db/schema";
import { HttpError } from "~server/http/errors";
import { parseInput } from "~server/http/validate";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { blogCollection, blogPostValues } from "./blog-admin.server";
import { blogPostSchema } from "./blog-admin.schema";
import type { Collection, SavedRecord } from "./collection.server";
import { orConflict } from "./collection-api.server";
import { courseCollection, courseValues } from "./course-admin.server";
import { courseSchema } from "./course-admin.schema";
import { sectionSchema } from "./page-section-admin.schema";
import { saveSection, sectionById } from "./page-section-admin.server";
import type { FormValues } from "./revisions.server";
import { testimonialCollection, testimonialValues } from "./testimonial-admin.server";
import { testimonialSchema } from "./testimonial-admin.schema";

/** A kind of record that keeps drafts and revisions (decisions 035, 063). */
export interface Revisable {
  /** The URL segment: `/api/admin/{name}/{id}/revisions|draft`, `/admin/{name}/edit/{id}/revisions`. */
  name: string;
  table: RevisedTable;
  /** The audit log's name for the record kind. */
  entity: string;
  values: (db: DB, id: number) => Promise<FormValues | undefined>;
  /** The editor's fields of a record with these values, in the order a comparison lists them. */
  fields: (values: FormValues) => readonly string[];
  /** Fields that are not text, as a draft holds them (numbers may be empty, so null, while typed). */
  kinds: Record<string, "number" | "boolean" | "list">;
  /** How the revisions page and the audit log name the record, and where its editor is. */
  about: (db: DB, id: number, values: FormValues, lang: Lang) => Promise<{ name: string; editor: string; entityId: string | number }>;
  /** Saves a revision's values back through the record's own save (validated, audited, itself a revision); undefined when the record is gone. */
  restore: (db: DB, id: number, values: FormValues, userId: number, lang: Lang) => Promise<SavedRecord | undefined>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The parts of a Revisable that an admin collection (blogs, courses, testimonials) gives. */
function ofCollection<Values>(collection: Collection<unknown, Values, unknown, unknown>, label: (values: FormValues) => string) {
  return {
    name: collection.name,
    about: async (_db: DB, id: number, values: FormValues) => ({ name: label(values), editor: `/admin/${collection.name}/edit/${id}`, entityId: id }),
    restore: (db: DB, id: number, values: FormValues, userId: number, lang: Lang) =>
      orConflict(lang, collection.update(db, id, parseInput(collection.schema, values, lang), userId)),
  };
}

export const REVISABLE: readonly Revisable[] = [
  {
    ...ofCollection(blogCollection as never, (v) => text(v.titleEn) || text(v.titleAr)),
    table: "blog_posts",
    entity: "blog_post",
    values: blogPostValues,
    fields: () => Object.keys(blogPostSchema.shape),
    kinds: { contentEn: "list", contentAr: "list" },
  },
  {
    ...ofCollection(courseCollection as never, (v) => text(v.nameEn) || text(v.nameAr)),
    table: "courses",
    entity: "course",
    values: courseValues,
    fields: () => Object.keys(courseSchema.shape),
    kinds: {
      sessions: "number",
      minAge: "number",
      maxAge: "number",
      price: "number",
      originalPrice: "number",
      rating: "number",
      discounted: "boolean",
      contentEn: "list",
      contentAr: "list",
      faqs: "list",
    },
  },
  {
    ...ofCollection(testimonialCollection as never, (v) => text(v.nameEn) || text(v.nameAr)),
    table: "testimonials",
    entity: "testimonial",
    values: testimonialValues,
    fields: () => Object.keys(testimonialSchema.shape),
    kinds: { age: "number", sort: "number" },
  },
  {
    // A page section (decision 058) is one record: `/admin/page-sections/edit/{id}/revisions`, its editor the page's.
    name: "page-sections",
    table: "page_sections",
    entity: "page_section",
    values: async (db, id) => (await sectionById(db, id))?.values,
    // A section's fields are its declaration's; its values hold exactly those, in that order.
    fields: (values) => Object.keys(values),
    kinds: {},
    async about(db, id, _values, lang) {
      const found = await sectionById(db, id);
      if (!found) return { name: "", editor: "/admin/pages", entityId: id };
      const name = `${serverT(lang, "admin-content", `pageText.pages.${found.page}`)} · ${serverT(lang, "admin-content", `pageText.sections.${found.section.key}`)}`;
      return { name, editor: `/admin/pages/${found.page}#section-${found.page}-${found.section.key}`, entityId: `${found.page}/${found.section.key}` };
    },
    async restore(db, id, values, userId, lang) {
      const found = await sectionById(db, id);
      if (!found) return undefined;
      // A revision saved before a field was added keeps that field's current text.
      const known = Object.fromEntries(Object.entries(values).filter(([name]) => Object.hasOwn(found.values, name)));
      const input = parseInput(sectionSchema(found.section), { ...found.values, ...known }, lang);
      await saveSection(db, found.page, found.section, input, userId);
      return { id };
    },
  },
];

/** The revisable kind of a URL segment ("blogs", "courses", "testimonials", "page-sections"). */
export const revisableOf = (name: string): Revisable | undefined => REVISABLE.find((r) => r.name === name);

/** 404 in the caller's language. */
export const notFoundError = (lang: Lang) => new HttpError(404, serverT(lang, "admin-content", "api.notFound"));
