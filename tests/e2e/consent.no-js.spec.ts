import { test, noScriptWalkLangs } from "./fixtures";
import { consentWalk } from "./consent-flow";

/** The same walk without JavaScript: the enrolment form posts with its consent boxes and comes back. */
for (const lang of noScriptWalkLangs) {
  test(`without JavaScript: a parent signs the required consent form while enrolling at 390 px (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await consentWalk(page, lang, "no-js");
  });
}
