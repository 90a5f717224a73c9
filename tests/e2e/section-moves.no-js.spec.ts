import { test, noScriptWalkLangs } from "./fixtures";
import { sectionMovesWalk } from "./section-moves-flow";

/** The same walk without JavaScript: every form posts and the page comes back (decision 019). */
for (const lang of noScriptWalkLangs) {
  test(`without JavaScript: waitlist, staff move and drop, parent move and drop (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await sectionMovesWalk(page, lang, "no-js");
  });
}
