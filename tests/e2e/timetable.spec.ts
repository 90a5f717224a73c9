import { expect, test, scriptWalkLangs } from "./fixtures";
import { provenParent } from "./accounts";
import { COURSE } from "./enrol-flow";
import { familyTimetableWalk } from "./timetable-flow";

/** Issue 29: enrol, see the timetable in /account, subscribe to the family's calendar feed (with script). */
for (const lang of scriptWalkLangs) {
  test(`a parent enrols, sees the timetable and subscribes to the calendar feed (${lang})`, async ({ page }) => {
    await familyTimetableWalk(page, lang, "js");
  });
}

test.describe("the course page's times on the visitor's own clock (issue 29)", () => {
  test.use({ timezoneId: "America/New_York" });
  const words = {
    en: { prefix: "", time: "Your time:", zone: "America/New_York" },
    ar: { prefix: "/ar", time: "بتوقيتك:", zone: "America/New_York" },
  } as const;
  // One walk for both languages (issue 40): as a visitor, then signed in.
  test("added beside the academy's, for a visitor (enhancement script) and a signed-in parent (React), in both languages", async ({ page }) => {
    for (const lang of ["en", "ar"] as const) {
      const w = words[lang];
      await page.goto(`${w.prefix}/courses/${COURSE}`);
      const group = page.locator("#enrol fieldset").first();
      await expect(group.getByText(w.time).first()).toBeVisible();
      await expect(group.getByText(w.zone).first()).toBeVisible();
      // The academy's own time stays, named with its zone.
      await expect(group.getByText("Asia/Kolkata").first()).toBeVisible();
    }
    await provenParent(page.request, "clock");
    for (const lang of ["en", "ar"] as const) {
      const w = words[lang];
      await page.goto(`${w.prefix}/courses/${COURSE}`);
      await expect(page.locator("#enrol fieldset").first().getByText(w.time).first()).toBeVisible();
    }
  });
});
