import type { Selectable } from "kysely";
import type { DB } from "~server/db/db";
import type { CoursesTable } from "~server/db/schema";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import type { Course } from "./course";
import { catalogueCourses } from "~/features/admin-content/queries.server";

type CourseRow = Selectable<CoursesTable> & { instructor_ar?: string | null };

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
  const rows = await catalogueCourses(db).orderBy("id").execute();
  return rows.map((row) => toCourse(row, lang));
}
