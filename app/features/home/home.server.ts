import type { DB } from "~server/db/db";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { listCourses } from "~/features/courses/courses.server";
import { pageTexts } from "~/features/site/page-sections.server";
import type { ShownText } from "~/features/site/page-sections";
import { teacherProfiles, testimonialsOf } from "~/features/admin-content/queries.server";

/** Staff-edited texts carry their own language: English shown on an Arabic page lacking the translation. */
export interface TeacherProfile {
  id: number;
  name: ShownText;
  profile: ShownText;
  experience: ShownText;
  photo: string;
}

export interface Testimonial {
  id: number;
  name: ShownText;
  age: number | null;
  course: ShownText;
  review: ShownText;
}

/** A bilingual column pair in `lang`, or the English marked as English (the course pages' fallback). */
function shown<F extends string>(row: { [K in `${F}_en` | `${F}_ar`]: string }, field: F, lang: Lang): ShownText {
  const text = pick(row, field, lang);
  return { text, lang: lang === "ar" && text === row[`${field}_ar` as `${F}_en`] && text.trim() !== "" ? "ar" : "en" };
}

async function listTeacherProfiles(db: DB, lang: Lang): Promise<TeacherProfile[]> {
  const rows = await teacherProfiles(db);
  return rows.map((row) => ({
    id: row.id,
    name: shown(row, "name", lang),
    profile: shown(row, "profile", lang),
    experience: shown(row, "experience", lang),
    photo: row.photo,
  }));
}

async function listTestimonials(db: DB, kind: "child" | "parent", lang: Lang): Promise<Testimonial[]> {
  const rows = await testimonialsOf(db, kind);
  return rows.map((row) => ({
    id: row.id,
    name: shown(row, "name", lang),
    age: row.age,
    course: shown(row, "course", lang),
    review: shown(row, "review", lang),
  }));
}

/** Everything the home page shows from the database. */
export async function homeContent(db: DB, lang: Lang) {
  const [courses, teachers, parents, kids, texts] = await Promise.all([
    listCourses(db, lang),
    listTeacherProfiles(db, lang),
    listTestimonials(db, "parent", lang),
    listTestimonials(db, "child", lang),
    pageTexts(db, ["home"], lang),
  ]);
  // The latest six: the most recently added courses first.
  return { latest: courses.slice(-6).reverse(), teachers, parents, kids, texts };
}
