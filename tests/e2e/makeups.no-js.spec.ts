import { test, noScriptWalkLangs } from "./fixtures";
import { makeupsWalk } from "./makeups-flow";

/** The same walk without JavaScript: every form posts and the page comes back. */
for (const lang of noScriptWalkLangs) {
  test(`without JavaScript: a parent reports an absence and books a make-up at 390 px (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await makeupsWalk(page, lang, "no-js");
  });
}
