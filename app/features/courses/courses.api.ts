import type { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { AGE_GROUPS, CHILD_AGE_MAX, CHILD_AGE_MIN, childAgeFrom, filterByAgeGroup, filterByChildAge, isAgeGroup } from "./age-groups";
import { listCourses } from "./courses.server";

/**
 * GET /admin/course-dashboard/all-courses → { courses }: public despite its path, the catalogue and
 * the footer read it (specification section 7). `?age=6-12` (a catalogue preset, or "all") narrows
 * the list by exact age range; `?childAge=8` to every course whose age range includes that age.
 */
export const publicCourseList = defineEndpoint({
  method: "GET",
  path: "/admin/course-dashboard/all-courses",
  access: "anyone",
  // Checked below, each with its own message naming the values it takes.
  input: z.object({ age: z.unknown().optional(), childAge: z.unknown().optional(), lang: z.unknown().optional() }),
  async run({ deps: { db }, caller: { lang } }, { age, childAge: rawChildAge }) {
    if (age !== undefined && age !== "all" && !isAgeGroup(age)) {
      throw new HttpError(400, serverT(lang, "courses", "api.badAge", { groups: AGE_GROUPS.join(", ") }));
    }
    const childAge = typeof rawChildAge === "string" ? childAgeFrom(rawChildAge) : null;
    if (rawChildAge !== undefined && childAge === null) {
      throw new HttpError(400, serverT(lang, "courses", "api.badChildAge", { min: CHILD_AGE_MIN, max: CHILD_AGE_MAX }));
    }
    const courses = await listCourses(db, lang);
    return { status: 200, body: { courses: filterByChildAge(isAgeGroup(age) ? filterByAgeGroup(courses, age) : courses, childAge) } };
  },
});

export function coursesApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [publicCourseList]);
}
