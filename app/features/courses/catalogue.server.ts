import type { DB } from "../../../server/db/db";
import { langFromPath } from "~/i18n/lang";
import { ageGroupFrom, filterByAgeGroup } from "./age-groups";
import { listCourses } from "./courses.server";

/** Loader data of both catalogue pages: the courses of the page URL's `?age=` group. */
export async function catalogueFor(db: DB, url: URL) {
  const age = ageGroupFrom(url.searchParams.get("age"));
  const courses = await listCourses(db, langFromPath(url.pathname));
  return { age, courses: filterByAgeGroup(courses, age) };
}
