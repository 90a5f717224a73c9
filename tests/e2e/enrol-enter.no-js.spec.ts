import { noScriptWalkLangs, test } from "./fixtures";
import { enterEnrolsInCampForm, enterEnrolsInCourseForm, setBankDetails, signUpAndSeeEnrolment } from "./enrol-confirmation-flow";

/** The same without JavaScript (issue 42, steps 4 and 12): Enter posts the form as "Enrol" does, and the confirmation is plain HTML. */
for (const lang of noScriptWalkLangs) {
  test(`without JavaScript, Enter enrols from the course page and the camp form (${lang}, 390 px)`, async ({ page }) => {
    // A long walk: two enrolments, their confirmations, the invoice's page and mail, a sign-up.
    test.setTimeout(120_000);
    await setBankDetails(page);
    const enrolled = await enterEnrolsInCourseForm(page, lang, "no-js", 390);
    await enterEnrolsInCampForm(page, lang, "no-js", 390);
    await signUpAndSeeEnrolment(page, lang, "no-js", enrolled);
  });
}
