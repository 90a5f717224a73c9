import type { DB } from "~server/db/db";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { listCourses } from "~/features/courses/courses.server";

export interface TeacherProfile {
  id: number;
  name: string;
  profile: string;
  experience: string;
  photo: string;
}

export interface Testimonial {
  id: number;
  name: string;
  age: number | null;
  course: string;
  review: string;
}

async function listTeacherProfiles(db: DB, lang: Lang): Promise<TeacherProfile[]> {
  const rows = await db.selectFrom("teachers").selectAll().orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    name: pick(row, "name", lang),
    profile: pick(row, "profile", lang),
    experience: pick(row, "experience", lang),
    photo: row.photo,
  }));
}

async function listTestimonials(db: DB, kind: "child" | "parent", lang: Lang): Promise<Testimonial[]> {
  const rows = await db.selectFrom("testimonials").selectAll().where("kind", "=", kind).orderBy("sort").orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    name: pick(row, "name", lang),
    age: row.age,
    course: pick(row, "course", lang),
    review: pick(row, "review", lang),
  }));
}

/** Everything the home page shows from the database. */
export async function homeContent(db: DB, lang: Lang) {
  const [courses, teachers, parents, kids] = await Promise.all([
    listCourses(db, lang),
    listTeacherProfiles(db, lang),
    listTestimonials(db, "parent", lang),
    listTestimonials(db, "child", lang),
  ]);
  // The latest six: the most recently added courses first.
  return { latest: courses.slice(-6).reverse(), teachers, parents, kids };
}
