import { test } from "./fixtures";
import { applyCodesAndEnrol } from "./discounts-flow";

/**
 * Issue 31 part 5: the price, each discount and the total before paying. One walk per language
 * (issue 40): English on a desktop, Arabic on a phone.
 */
for (const [lang, label, width] of [
  ["en", "desktop", 1280],
  ["ar", "390", 390],
] as const) {
  test(`a parent applies a code on the course and camp enrolment forms and sees price, discount and total at ${label} (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await applyCodesAndEnrol(page, lang, width, label);
  });
}
