import { test, scriptWalkLangs } from "./fixtures";
import { sectionMovesWalk } from "./section-moves-flow";

/** A group's waitlist, staff and parents' moves and drops (decisions 066, 067), with the pages' script running. */
for (const lang of scriptWalkLangs) {
  test(`waitlist, staff move and drop, parent move and drop (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await sectionMovesWalk(page, lang, "js");
  });
}
