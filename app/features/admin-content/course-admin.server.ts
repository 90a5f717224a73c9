import type { Selectable } from "kysely";
import { inTransaction, type DB } from "~server/db/db";
import type { CoursesTable } from "~server/db/schema";
import { fromDbJson, nowIso, toDbBool, toDbJson } from "~server/db/values";
import { recordAudit } from "~server/audit/audit";
import { normalizeBlocks } from "~/features/blog/content-blocks";
import { defineList } from "~/features/admin-kit/list/list-query.server";
import { courseSchema, type CourseInput, type CourseValues } from "./course-admin.schema";
import type { ContentBlockInput } from "./content-blocks.schema";
import { DeleteRefusedError, defineCollection, TakenError } from "./collection.server";
import { claimingUnique, deleteAudited, updateAudited } from "./record-store.server";
import { afterContentSave } from "./revisions.server";
import { getSiteSettings } from "~/features/site/site.server";
import { cancelBookingsByStaff, closeUpcomingSlotsOfCourse } from "~/features/booking/staff-cancel.server";
import { endWaitlistsByStaff } from "~/features/booking/waitlist-close.server";
import { enrolledCountOfCourse } from "~/features/enrolments/queries.server";
import { bookingCountOfCourse } from "~/features/booking/queries.server";

const courseListSpec = defineList({
  search: ["name_en", "name_ar", "key", "slug", "instructor"],
  sorts: { name: "name_en", price: "price", sessions: "sessions", minAge: "min_age", instructor: "instructor", updated: "updated_at", id: "id" },
  defaultSort: "id",
  defaultDir: "asc",
});

const courseListBase = (db: DB) =>
  db.selectFrom("courses").select(["id", "key", "slug", "name_en", "name_ar", "sessions", "price", "min_age", "max_age", "instructor", "rating", "updated_at"]);

interface StoredFaq {
  question?: { en?: string; ar?: string };
  answer?: { en?: string; ar?: string };
}

function courseFormValues(row: Selectable<CoursesTable>): CourseInput {
  return {
    key: row.key,
    slug: row.slug,
    nameEn: row.name_en,
    nameAr: row.name_ar,
    descriptionEn: row.description_en,
    descriptionAr: row.description_ar,
    sessions: row.sessions,
    minAge: row.min_age,
    maxAge: row.max_age,
    price: row.price,
    currency: row.currency as CourseInput["currency"],
    discounted: row.discounted === 1,
    originalPrice: row.original_price,
    instructor: row.instructor,
    rating: row.rating,
    imageUrl: row.image,
    contentEn: normalizeBlocks(row.content_en) as ContentBlockInput[],
    contentAr: normalizeBlocks(row.content_ar) as ContentBlockInput[],
    faqs: fromDbJson<StoredFaq[]>(row.faqs, []).map((faq) => ({
      questionEn: faq.question?.en ?? "",
      answerEn: faq.answer?.en ?? "",
      questionAr: faq.question?.ar ?? "",
      answerAr: faq.answer?.ar ?? "",
    })),
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    metaKeywords: row.meta_keywords,
  };
}

/** The editor's values of a course, with the number of demo bookings that name it. */
export async function getCourseForm(db: DB, id: number): Promise<{ id: number; course: CourseInput; bookings: number } | undefined> {
  const row = await db.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, course: courseFormValues(row), bookings: await countBookings(db, id) };
}

/** A course's editor values as stored (what a revision keeps). */
export async function courseValues(db: DB, id: number): Promise<CourseInput | undefined> {
  const row = await db.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirst();
  return row && courseFormValues(row);
}

/** The course's new state becomes a revision; the saver's draft goes. */
const keepRevision = async (trx: DB, id: number, userId: number, created: boolean) =>
  afterContentSave(trx, { table: "courses", recordId: id, userId, values: (await courseValues(trx, id)) ?? {}, created });

const countBookings = (db: DB, courseId: number): Promise<number> => bookingCountOfCourse(db, courseId);

function columns(input: CourseValues) {
  return {
    key: input.key,
    slug: input.slug,
    name_en: input.nameEn,
    name_ar: input.nameAr,
    description_en: input.descriptionEn,
    description_ar: input.descriptionAr,
    sessions: input.sessions,
    min_age: input.minAge,
    max_age: input.maxAge,
    price: input.price,
    ...(input.currency ? { currency: input.currency } : {}),
    discounted: toDbBool(input.discounted),
    original_price: input.discounted ? input.originalPrice : null,
    instructor: input.instructor,
    rating: input.rating,
    image: input.imageUrl,
    content_en: toDbJson(input.contentEn),
    content_ar: toDbJson(input.contentAr),
    faqs: toDbJson(input.faqs.map((f) => ({ question: { en: f.questionEn, ar: f.questionAr }, answer: { en: f.answerEn, ar: f.answerAr } }))),
    meta_title: input.metaTitle,
    meta_description: input.metaDescription,
    meta_keywords: input.metaKeywords,
  };
}

async function assertFree(db: DB, input: CourseValues, exceptId?: number): Promise<void> {
  for (const field of ["key", "slug"] as const) {
    let query = db.selectFrom("courses").select("id").where(field, "=", input[field]);
    if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
    if (await query.executeTakeFirst()) throw new TakenError(field);
  }
}

async function createCourse(db: DB, input: CourseValues, userId: number): Promise<{ id: number; slug: string }> {
  await assertFree(db, input);
  const now = nowIso();
  return claimingUnique("slug", () =>
    inTransaction(db, async (trx) => {
      const currency = input.currency ?? (await getSiteSettings(trx)).defaultCurrency;
      const { id } = await trx
        .insertInto("courses")
        .values({ ...columns(input), currency, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { userId, action: "create", entity: "course", entityId: id, name: input.nameEn || input.nameAr });
      await keepRevision(trx, id, userId, true);
      return { id, slug: input.slug };
    }),
  );
}

async function updateCourse(db: DB, id: number, input: CourseValues, userId: number): Promise<{ id: number; slug: string } | undefined> {
  if (!(await db.selectFrom("courses").select("id").where("id", "=", id).executeTakeFirst())) return undefined;
  await assertFree(db, input, id);
  const saved = await claimingUnique("slug", () =>
    updateAudited(db, {
      table: "courses",
      entity: "course",
      id,
      values: columns(input),
      userId,
      label: ["name_en", "name_ar", "key"],
      after: (trx) => keepRevision(trx, id, userId, false),
    }),
  );
  return saved && { id, slug: input.slug };
}

/**
 * Deletes a course. Past demo bookings and slots keep their history: their course_id becomes null
 * (ON DELETE SET NULL) and each booking kept a copy of the course name when it was made. Classes
 * still ahead will not happen, in the same transaction: their live bookings are cancelled by the
 * academy (each parent e-mailed with a link to the course list) and the course's own future slots
 * are closed, so they do not turn into slots offered for every course.
 */
const deleteCourse = (db: DB, id: number, userId: number) =>
  deleteAudited(db, {
    table: "courses",
    entity: "course",
    id,
    userId,
    label: ["name_en", "name_ar", "key"],
    before: async (trx) => {
      // Children enrolled in its groups: the cascade would end their terms untold (issue 29); staff cancel the groups first.
      const enrolled = await enrolledCountOfCourse(trx, id);
      if (enrolled > 0) throw new DeleteRefusedError(enrolled);
      const now = nowIso();
      // Closed first, so the seats the cancellations free are offered to nobody; then the lines end.
      await closeUpcomingSlotsOfCourse(trx, id, now);
      await cancelBookingsByStaff(trx, { courseId: id }, now);
      await endWaitlistsByStaff(trx, { courseId: id }, now);
    },
  });

/** Courses: deleting one that has demo bookings needs `?confirm=1` (the bookings keep their history). */
export const courseCollection = defineCollection({
  name: "courses",
  schema: courseSchema,
  list: {
    base: courseListBase,
    spec: courseListSpec,
    filename: "courses",
    columns: [
      { header: "id", value: (r) => r.id },
      { header: "key", value: (r) => r.key },
      { header: "name", value: (r) => r.name_en },
      { header: "name_ar", value: (r) => r.name_ar },
      { header: "slug", value: (r) => r.slug },
      { header: "sessions", value: (r) => r.sessions },
      { header: "price", value: (r) => r.price },
      { header: "min_age", value: (r) => r.min_age },
      { header: "max_age", value: (r) => r.max_age },
      { header: "instructor", value: (r) => r.instructor },
      { header: "rating", value: (r) => r.rating },
      { header: "updated_at", value: (r) => r.updated_at, instant: true },
    ],
  },
  read: getCourseForm,
  create: { save: createCourse },
  update: updateCourse,
  remove: deleteCourse,
  confirmDelete: { count: countBookings, field: "bookings", message: "api.courseHasBookings" },
  refuseDelete: { count: enrolledCountOfCourse, field: "enrolments", message: "api.courseHasEnrolments" },
});
