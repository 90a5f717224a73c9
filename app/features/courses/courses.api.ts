import { Router } from "express";
import type { ApiDeps } from "../../../server/api-routers";
import { HttpError } from "../../../server/http/errors";
import { requestLang, serverT } from "../../../server/i18n";
import { AGE_GROUPS, filterByAgeGroup, isAgeGroup } from "./age-groups";
import { listCourses } from "./courses.server";

export function coursesApi({ db }: ApiDeps): Router {
  const router = Router();
  // Public despite its path: the catalogue and the footer read it (specification section 7).
  // `?age=6-12` (a catalogue preset, or "all") narrows the list by exact age range.
  router.get("/admin/course-dashboard/all-courses", async (req, res) => {
    const lang = requestLang(req);
    const age = req.query.age;
    if (age !== undefined && age !== "all" && !isAgeGroup(age)) {
      throw new HttpError(400, serverT(lang, "courses", "api.badAge", { groups: AGE_GROUPS.join(", ") }));
    }
    const courses = await listCourses(db, lang);
    res.json({ courses: isAgeGroup(age) ? filterByAgeGroup(courses, age) : courses });
  });
  return router;
}
