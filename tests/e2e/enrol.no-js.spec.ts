import { test, noScriptWalkLangs } from "./fixtures";
import { enrolFromCoursePage } from "./enrol-flow";

/** The same enrolment without JavaScript: the form posts to the course page and comes back (decision 019). */
for (const lang of noScriptWalkLangs) {
  test(`without JavaScript, a parent enrols a child from the course page at 390 px (${lang})`, async ({ page }) => {
    await enrolFromCoursePage(page, lang);
  });
}
