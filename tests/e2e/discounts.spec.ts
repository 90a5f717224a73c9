import { scriptWalkLangs, test } from "./fixtures";
import { applyCodesAndEnrol } from "./discounts-flow";

/**
 * Issue 31 part 5: the price, each discount and the total before paying. One walk with script, in
 * Arabic on a phone (decision 133); English is the walk without script (discounts.no-js.spec.ts).
 */
for (const lang of scriptWalkLangs) {
  test(`a parent applies a code on the course and camp enrolment forms and sees price, discount and total at 390 (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await applyCodesAndEnrol(page, lang, 390, "390");
  });
}
