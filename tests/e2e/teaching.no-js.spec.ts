import { test, noScriptWalkLangs } from "./fixtures";
import { takeAttendance } from "./teaching-flow";

// Issue 30: the same class day without JavaScript: every step a plain form post.
for (const lang of noScriptWalkLangs) {
  test(`an instructor marks attendance at 390 px (${lang}, without JavaScript)`, async ({ page }) => {
    await takeAttendance(page, lang, "nojs");
  });
}
