import { Router } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { requestLang, serverT } from "~server/i18n";
import { AGE_GROUPS, CHILD_AGE_MAX, CHILD_AGE_MIN, childAgeFrom, filterByAgeGroup, filterByChildAge, isAgeGroup } from "./age-groups";
import { listCourses } from "./courses.server";

export function coursesApi({ db }: EndpointDeps): Router {
  const router = Router();
  // Public despite its path: the catalogue and the footer read it (specification section 7).
  // `?age=6-12` (a catalogue preset, or "all") narrows the list by exact age range.
  router.get("/admin/course-dashboard/all-courses", async (req, res) => {
    const lang = requestLang(req);
    const age = req.query.age;
    if (age !== undefined && age !== "all" && !isAgeGroup(age)) {
      throw new HttpError(400, serverT(lang, "courses", "api.badAge", { groups: AGE_GROUPS.join(", ") }));
    }
    // `?childAge=8`: every course whose age range includes that age.
    const rawChildAge = req.query.childAge;
    const childAge = typeof rawChildAge === "string" ? childAgeFrom(rawChildAge) : null;
    if (rawChildAge !== undefined && childAge === null) {
      throw new HttpError(400, serverT(lang, "courses", "api.badChildAge", { min: CHILD_AGE_MIN, max: CHILD_AGE_MAX }));
    }
    const courses = await listCourses(db, lang);
    res.json({ courses: filterByChildAge(isAgeGroup(age) ? filterByAgeGroup(courses, age) : courses, childAge) });
  });
  return router;
}
