import { expect, test, noScriptWalkLangs } from "./fixtures";
import { COURSE } from "./enrol-flow";
import { familyTimetableWalk } from "./timetable-flow";

/** The same walk without JavaScript: every form posts to its page and comes back (decision 019). */
for (const lang of noScriptWalkLangs) {
  test(`without JavaScript, a parent enrols, sees the timetable and subscribes to the calendar feed (${lang})`, async ({ page }) => {
    await familyTimetableWalk(page, lang, "no-js");
  });
}

test.describe("without JavaScript, the course page keeps the academy's clock", () => {
  test.use({ timezoneId: "America/New_York" });
  test("the academy's times, named, and nothing empty shown", async ({ page }) => {
    await page.goto(`/courses/${COURSE}`);
    const group = page.locator("#enrol fieldset").first();
    await expect(group.getByText("Asia/Kolkata").first()).toBeVisible();
    await expect(group.getByText("Your time:")).toHaveCount(0);
    await expect(group.locator("[data-visitor-time]").first()).toBeHidden();
  });
});
