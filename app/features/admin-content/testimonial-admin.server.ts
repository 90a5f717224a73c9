import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { recordAudit } from "~server/audit/audit";
import { defineCollection, type SavedRecord } from "./collection.server";
import { deleteAudited, updateAudited } from "./record-store.server";
import { afterContentSave } from "./revisions.server";
import { defineList } from "~/features/admin-kit/list/list-query.server";
import { testimonialSchema, type TestimonialInput, type TestimonialValues } from "./testimonial-admin.schema";

const testimonialListSpec = defineList({
  search: ["name_en", "name_ar", "review_en", "review_ar", "course_en"],
  sorts: { sort: "sort", name: "name_en", kind: "kind", updated: "updated_at" },
  filters: { kind: { values: ["parent", "child"] } },
  defaultSort: "sort",
  defaultDir: "asc",
});

const testimonialListBase = (db: DB) =>
  db.selectFrom("testimonials").select(["id", "kind", "name_en", "name_ar", "age", "course_en", "review_en", "review_ar", "sort", "updated_at"]);

export async function getTestimonialForm(db: DB, id: number): Promise<{ id: number; testimonial: TestimonialInput } | undefined> {
  const testimonial = await testimonialValues(db, id);
  return testimonial && { id, testimonial };
}

/** A testimonial's editor values as stored (what a revision keeps, decision 063). */
export async function testimonialValues(db: DB, id: number): Promise<TestimonialInput | undefined> {
  const row = await db.selectFrom("testimonials").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    kind: row.kind,
    nameEn: row.name_en,
    nameAr: row.name_ar,
    age: row.age,
    courseEn: row.course_en,
    courseAr: row.course_ar,
    reviewEn: row.review_en,
    reviewAr: row.review_ar,
    sort: row.sort,
  };
}

/** The testimonial's new state becomes a revision; the saver's draft goes (decision 035). */
const keepRevision = async (trx: DB, id: number, userId: number, created: boolean) =>
  afterContentSave(trx, { table: "testimonials", recordId: id, userId, values: (await testimonialValues(trx, id)) ?? {}, created });

const columns = (input: TestimonialValues) => ({
  kind: input.kind,
  name_en: input.nameEn,
  name_ar: input.nameAr,
  age: input.age,
  course_en: input.courseEn,
  course_ar: input.courseAr,
  review_en: input.reviewEn,
  review_ar: input.reviewAr,
  sort: input.sort,
});

async function createTestimonial(db: DB, input: TestimonialValues, userId: number): Promise<SavedRecord> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("testimonials")
      .values({ ...columns(input), created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId, action: "create", entity: "testimonial", entityId: id, name: input.nameEn || input.nameAr });
    await keepRevision(trx, id, userId, true);
    return { id };
  });
}

const updateTestimonial = (db: DB, id: number, input: TestimonialValues, userId: number) =>
  updateAudited(db, {
    table: "testimonials",
    entity: "testimonial",
    id,
    values: columns(input),
    userId,
    label: ["name_en", "name_ar"],
    after: (trx) => keepRevision(trx, id, userId, false),
  });

const deleteTestimonial = (db: DB, id: number, userId: number) =>
  deleteAudited(db, { table: "testimonials", entity: "testimonial", id, userId, label: ["name_en", "name_ar"] });

/** The parents' and children's testimonials of the home page (issue 28): the same collection API and screens as products. */
export const testimonialCollection = defineCollection({
  name: "testimonials",
  schema: testimonialSchema,
  list: {
    base: testimonialListBase,
    spec: testimonialListSpec,
    filename: "testimonials",
    columns: [
      { header: "id", value: (r) => r.id },
      { header: "kind", value: (r) => r.kind },
      { header: "name", value: (r) => r.name_en },
      { header: "name_ar", value: (r) => r.name_ar },
      { header: "age", value: (r) => r.age ?? "" },
      { header: "course", value: (r) => r.course_en },
      { header: "review", value: (r) => r.review_en },
      { header: "sort", value: (r) => r.sort },
      { header: "updated_at", value: (r) => r.updated_at, instant: true },
    ],
  },
  read: getTestimonialForm,
  create: { save: createTestimonial },
  update: updateTestimonial,
  remove: deleteTestimonial,
});
