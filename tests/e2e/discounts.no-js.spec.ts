import { noScriptWalkLangs, test } from "./fixtures";
import { applyCodesAndEnrol } from "./discounts-flow";

/** The same without JavaScript: "Apply code" posts the page, which comes back with the code's price (decision 087). */
for (const lang of noScriptWalkLangs) {
  test(`without JavaScript, a parent applies a code on the course and camp enrolment forms at 390 px (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await applyCodesAndEnrol(page, lang, 390, "no-js");
  });
}
