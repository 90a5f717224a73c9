import { test } from "./fixtures";
import { applyCodesAndEnrol } from "./discounts-flow";

/** Issue 31 part 5: the price, each discount and the total before paying, on a phone and a desktop, in both languages. */
for (const lang of ["en", "ar"] as const) {
  for (const [label, width] of [["390", 390], ["desktop", 1280]] as const) {
    test(`a parent applies a code on the course and camp enrolment forms and sees price, discount and total at ${label} (${lang})`, async ({ page }) => {
      test.setTimeout(90_000);
      await applyCodesAndEnrol(page, lang, width, label);
    });
  }
}
