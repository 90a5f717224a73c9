import { test } from "./fixtures";
import { familyTimetableWalk } from "./timetable-flow";

/** The same walk without JavaScript: every form posts to its page and comes back (decision 019). */
for (const lang of ["en", "ar"] as const) {
  test(`without JavaScript, a parent enrols, sees the timetable and subscribes to the calendar feed (${lang})`, async ({ page }) => {
    await familyTimetableWalk(page, lang, "no-js");
  });
}
