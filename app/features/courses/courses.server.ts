import type { Selectable, SelectQueryBuilder } from "kysely";
import type { DB } from "~server/db/db";
import type { CoursesTable, Database } from "~server/db/schema";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import type { Course } from "./course";

type CourseRow = Selectable<CoursesTable> & { instructor_ar?: string | null };

/** Every column, plus the instructor's Arabic name when the instructor is one of the teachers. */
export const withInstructorAr = (query: SelectQueryBuilder<Database, "courses", object>) =>
  query
    .selectAll()
    .select((eb) => eb.selectFrom("teachers").select("name_ar").whereRef("teachers.name_en", "=", "courses.instructor").limit(1).as("instructor_ar"));

/** The API shape of the specification (section 3). */
export function toCourse(row: CourseRow, lang: Lang): Course {
  return {
    _id: String(row.id),
    key: row.key,
    slug: row.slug,
    courseName: pick(row, "name", lang),
    courseDescription: pick(row, "description", lang),
    courseDuration: row.sessions,
    coursePrice: row.price,
    currency: row.currency,
    instructorName: lang === "ar" && row.instructor_ar?.trim() ? row.instructor_ar : row.instructor,
    courseImage: row.image,
    ...(row.rating != null ? { courseRating: row.rating } : {}),
    ageGroup: { min: row.min_age, max: row.max_age },
    lang: lang === "ar" && row.name_ar.trim() ? "ar" : "en",
  };
}

/** Every course, in catalogue order (oldest first, as seeded). */
export async function listCourses(db: DB, lang: Lang): Promise<Course[]> {
  const rows = await withInstructorAr(db.selectFrom("courses")).orderBy("id").execute();
  return rows.map((row) => toCourse(row, lang));
}
