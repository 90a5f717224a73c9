import type { DB } from "~server/db/db";
import { langFromPath } from "~/i18n/lang";
import { ageGroupFrom, childAgeFrom, filterByAgeGroup, filterByChildAge } from "./age-groups";
import { listCourses } from "./courses.server";

/** Loader data of both catalogue pages: the courses of the URL's `?age=` preset or `?childAge=` (a child's age). */
export async function catalogueFor(db: DB, url: URL) {
  const childAge = childAgeFrom(url.searchParams.get("childAge"));
  // A child's age replaces the preset: one filter at a time.
  const age = childAge === null ? ageGroupFrom(url.searchParams.get("age")) : null;
  const courses = await listCourses(db, langFromPath(url.pathname));
  return { age, childAge, courses: filterByChildAge(filterByAgeGroup(courses, age), childAge) };
}
