import type { DB } from "~server/db/db";
import type { RevisedTable } from "~server/db/schema";
import { blogCollection, blogPostValues } from "./blog-admin.server";
import { blogPostSchema } from "./blog-admin.schema";
import type { Collection } from "./collection.server";
import { courseCollection, courseValues } from "./course-admin.server";
import { courseSchema } from "./course-admin.schema";
import type { FormValues } from "./revisions.server";

/** A collection whose records keep drafts and revisions. */
export interface Revisable {
  collection: Collection<unknown, unknown, unknown, unknown>;
  table: RevisedTable;
  /** The audit log's name for the record kind. */
  entity: string;
  values: (db: DB, id: number) => Promise<FormValues | undefined>;
  /** The editor's fields, in the order a comparison lists them. */
  fields: readonly string[];
  /** Fields that are not text, as a draft holds them (numbers may be empty, so null, while typed). */
  kinds: Record<string, "number" | "boolean" | "list">;
  name: (values: FormValues) => string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export const REVISABLE: readonly Revisable[] = [
  {
    collection: blogCollection as never,
    table: "blog_posts",
    entity: "blog_post",
    values: blogPostValues,
    fields: Object.keys(blogPostSchema.shape),
    kinds: { contentEn: "list", contentAr: "list" },
    name: (v) => text(v.titleEn) || text(v.titleAr),
  },
  {
    collection: courseCollection as never,
    table: "courses",
    entity: "course",
    values: courseValues,
    fields: Object.keys(courseSchema.shape),
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
    name: (v) => text(v.nameEn) || text(v.nameAr),
  },
];

/** The revisable collection of a URL segment ("blogs", "courses"). */
export const revisableOf = (name: string): Revisable | undefined => REVISABLE.find((r) => r.collection.name === name);
