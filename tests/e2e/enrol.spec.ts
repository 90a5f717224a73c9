import { test, scriptWalkLangs } from "./fixtures";
import { enrolFromCoursePage } from "./enrol-flow";

/** Enrolment in a course's group from its page (issue 29), with the page's script running. */
for (const lang of scriptWalkLangs) {
  test(`a parent enrols a child from the course page at 390 px (${lang})`, async ({ page }) => {
    await enrolFromCoursePage(page, lang);
  });
}
