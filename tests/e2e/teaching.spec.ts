import { test, scriptWalkLangs } from "./fixtures";
import { takeAttendance } from "./teaching-flow";

// Issue 30: an instructor marks a class's attendance on a phone, with JavaScript (the page ships none of React's).
for (const lang of scriptWalkLangs) {
  test(`an instructor marks attendance at 390 px (${lang}, with JavaScript)`, async ({ page }) => {
    await takeAttendance(page, lang, "js");
  });
}
