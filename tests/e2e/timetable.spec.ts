import { test } from "./fixtures";
import { familyTimetableWalk } from "./timetable-flow";

/** Issue 29: enrol, see the timetable in /account, subscribe to the family's calendar feed (with script). */
for (const lang of ["en", "ar"] as const) {
  test(`a parent enrols, sees the timetable and subscribes to the calendar feed (${lang})`, async ({ page }) => {
    await familyTimetableWalk(page, lang, "js");
  });
}
