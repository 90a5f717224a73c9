import { test } from "./fixtures";
import { makeupsWalk } from "./makeups-flow";

for (const lang of ["en", "ar"] as const) {
  test(`a parent reports an absence and books a make-up at 390 px (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await makeupsWalk(page, lang, "js");
  });
}
