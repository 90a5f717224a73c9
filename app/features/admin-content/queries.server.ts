import type { Selectable, SelectQueryBuilder } from "kysely";
import type { DB } from "~server/db/db";
import type { Database } from "~server/db/schema";
import { VersionedCache, type DataVersions } from "~server/db/data-versions";

/**
 * The content's query module (decision 153): other features read `courses` and `teachers` through
 * these functions. A lookup returns the row's own columns that its callers use; the catalogue's
 * query (every column and the instructor's Arabic name) is one query here, as it was. Imports no
 * feature, so any feature may call it: check-import-cycles.ts counts it as a node of its own.
 */

// --- Courses

/** One course's names, slug, currency, sessions and ages, or undefined when there is none. */
export function courseById(db: DB, id: number) {
  return db
    .selectFrom("courses")
    .select(["id", "slug", "name_en", "name_ar", "currency", "sessions", "min_age", "max_age"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A course's card as courseCard reads it. */
type CourseCard = Readonly<Pick<Selectable<Database["courses"]>, "id" | "slug" | "name_en" | "name_ar" | "image" | "min_age" | "max_age">>;

/** Cards read since the courses last changed (decision 158): a booking reads its course on every request. */
const cards = new VersionedCache<string, CourseCard>("courses", 500);

/**
 * A course as a booking names it (its card: names, image, ages), by id or by slug; undefined when
 * there is none. Kept in memory while the courses' change token stays the same; `versions`: the
 * tokens when the caller has already read them.
 */
export function courseCard(db: DB, by: { id: number } | { slug: string }, versions?: DataVersions): Promise<CourseCard | undefined> {
  return cards.get(db, versions, "id" in by ? `id:${by.id}` : `slug:${by.slug}`, async () => {
    const query = db.selectFrom("courses").select(["id", "slug", "name_en", "name_ar", "image", "min_age", "max_age"]);
    const row = await ("id" in by ? query.where("id", "=", by.id) : query.where("slug", "=", by.slug)).executeTakeFirst();
    return row && Object.freeze(row);
  });
}

/** The names of these courses, by id. */
export function courseNames(db: DB, ids: readonly number[]) {
  return db.selectFrom("courses").select(["id", "name_en", "name_ar"]).where("id", "in", ids).execute();
}

/** Every course's names, in catalogue order (by id), or by English name, at most `limit`. */
export function allCourseNames(db: DB, options: { order: "catalogue" | "name"; limit?: number }) {
  const query = db.selectFrom("courses").select(["id", "name_en", "name_ar"]);
  const ordered = options.order === "name" ? query.orderBy("name_en") : query.orderBy("id");
  return (options.limit === undefined ? ordered : ordered.limit(options.limit)).execute();
}

/** Every course's slug and last change, in catalogue order (the sitemap). */
export function courseSlugs(db: DB) {
  return db.selectFrom("courses").select(["slug", "updated_at"]).orderBy("id").execute();
}

/** Every course's list price, currency and early-booking price, in catalogue order, at most `limit`. */
export function coursePrices(db: DB, limit: number) {
  return db
    .selectFrom("courses")
    .select(["id", "name_en", "name_ar", "price", "currency", "early_price_minor", "early_price_until"])
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Every course's refund policy, in catalogue order. */
export function courseRefundPolicies(db: DB) {
  return db.selectFrom("courses").select(["id", "name_en", "name_ar", "refund_percent_before", "refund_percent_after"]).orderBy("id").execute();
}

/** The catalogue's courses: every column and the instructor's Arabic name (the teacher profile of that English name); add a where or an order. */
export const catalogueCourses = (db: DB) =>
  db
    .selectFrom("courses")
    .selectAll()
    .select((eb) => eb.selectFrom("teachers").select("name_ar").whereRef("teachers.name_en", "=", "courses.instructor").limit(1).as("instructor_ar"));

/** One course's sessions and instructor (with the instructor's Arabic name); throws when there is none. */
export function courseSessionsAndInstructor(db: DB, id: number) {
  return db
    .selectFrom("courses")
    .select(["sessions", "instructor"])
    .select((eb) => eb.selectFrom("teachers").select("name_ar").whereRef("teachers.name_en", "=", "courses.instructor").limit(1).as("instructor_ar"))
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

// --- Teachers

/** One teacher profile's names, or undefined when there is none. */
export function teacherById(db: DB, id: number) {
  return db.selectFrom("teachers").select(["id", "name_en", "name_ar"]).where("id", "=", id).executeTakeFirst();
}

/** The names of these teacher profiles, by id. */
export function teacherNames(db: DB, ids: readonly number[]) {
  return db.selectFrom("teachers").select(["id", "name_en", "name_ar"]).where("id", "in", ids).execute();
}

/** Every teacher profile's names, by English name, at most `limit`. */
export function allTeacherNames(db: DB, limit: number) {
  return db.selectFrom("teachers").select(["id", "name_en", "name_ar"]).orderBy("name_en").orderBy("id").limit(limit).execute();
}

// --- Counts for staff's dashboard

/** How many courses, teacher profiles, and blog posts published, scheduled (published, dated later) and in draft at `now`. */
export async function contentCounts(db: DB, now: string) {
  const [courses, published, scheduled, drafts, teachers] = await Promise.all([
    db
      .selectFrom("courses")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
    db
      .selectFrom("blog_posts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "published")
      .where("publish_date", "<=", now)
      .executeTakeFirst(),
    db
      .selectFrom("blog_posts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "published")
      .where("publish_date", ">", now)
      .executeTakeFirst(),
    db
      .selectFrom("blog_posts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "draft")
      .executeTakeFirst(),
    db
      .selectFrom("teachers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
  ]);
  return { courses, published, scheduled, drafts, teachers };
}

// --- The public site's content

/** Every teacher profile, every column, in the order they were added (the home page). */
export function teacherProfiles(db: DB) {
  return db.selectFrom("teachers").selectAll().orderBy("id").execute();
}

/** The testimonials of one kind, every column, in staff's order. */
export function testimonialsOf(db: DB, kind: "child" | "parent") {
  return db.selectFrom("testimonials").selectAll().where("kind", "=", kind).orderBy("sort").orderBy("id").execute();
}

/** Every product, every column, in staff's order. */
export function productsInOrder(db: DB) {
  return db.selectFrom("products").selectAll().orderBy("sort").orderBy("id").execute();
}

// --- The blog

/**
 * Posts the public may see at `now`: published, their publish date come; with `lang` "en" only
 * those with an English title (the English blog). Add a select, a where or an order.
 */
export function visiblePosts(db: DB, now: string, lang?: "en" | "ar") {
  const published = db.selectFrom("blog_posts").where("status", "=", "published").where("publish_date", "<=", now);
  return lang === "en" ? published.where((eb) => eb.fn<string>("trim", ["title_en"]), "<>", "") : published;
}

/** One post by id, whatever its state (staff's preview): a query to read with `withAuthorAr`. */
export const postById = (db: DB, id: number) => db.selectFrom("blog_posts").where("id", "=", id);

/** Every column of the posts, plus the author's Arabic name when the author is one of the teachers. */
export const withAuthorAr = (query: SelectQueryBuilder<Database, "blog_posts", object>) =>
  query.selectAll().select((eb) => eb.selectFrom("teachers").select("name_ar").whereRef("teachers.name_en", "=", "blog_posts.author").limit(1).as("author_ar"));

/** The current slug of the post visible at `now` that used to live at `slug`, or undefined. */
export async function redirectedPostSlug(db: DB, slug: string, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("blog_slug_redirects")
    .innerJoin("blog_posts", "blog_posts.id", "blog_slug_redirects.post_id")
    .select("blog_posts.slug")
    .where("blog_slug_redirects.old_slug", "=", slug)
    .where("blog_posts.status", "=", "published")
    .where("blog_posts.publish_date", "<=", now)
    .executeTakeFirst();
  return row?.slug;
}
