import { scriptWalkLangs, test } from "./fixtures";
import { enterEnrolsInCampForm, enterEnrolsInCourseForm, invoiceMailShot, setBankDetails, signUpAndSeeEnrolment } from "./enrol-confirmation-flow";

/**
 * Issue 42, steps 4 and 12, with the pages' scripts running: Enter enrols (not "Apply code") in the
 * course group's and the camp's forms, and the confirmation says how to pay: the whole walk in
 * Arabic at 390 px; English at 390 px is the walk without script (one walk per language and mode,
 * decision 133). The English invoice mail is how-to-pay.api.test.ts's.
 */
for (const lang of scriptWalkLangs) {
  test(`Enter enrols from the course page and the camp form, and the confirmation says how to pay (${lang}, 390 px)`, async ({ page }) => {
    // A long walk: two enrolments, their confirmations, the invoice's page and mail, a sign-up.
    test.setTimeout(120_000);
    await setBankDetails(page);
    const enrolled = await enterEnrolsInCourseForm(page, lang, "js", 390);
    await invoiceMailShot(page, enrolled.number, lang, 390);
    await enterEnrolsInCampForm(page, lang, "js", 390);
    // Step 5: "Create an account" with the same e-mail, signed in at once, one tap proves it, the enrolment shows.
    await signUpAndSeeEnrolment(page, lang, "js", enrolled);
  });
}
