import { test, scriptWalkLangs } from "./fixtures";
import { consentWalk } from "./consent-flow";

/** Issue 30: a parent completes the consent forms during a course group enrolment (decision 078). */
for (const lang of scriptWalkLangs) {
  test(`a parent signs the required consent form while enrolling at 390 px (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await consentWalk(page, lang, "js");
  });
}
