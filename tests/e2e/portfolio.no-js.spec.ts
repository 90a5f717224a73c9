import { noScriptWalkLangs, test } from "./fixtures";
import { portfolioWalk } from "./portfolio-flow";

// The same walk without JavaScript: plain multipart form posts and links (decision 135).
for (const lang of noScriptWalkLangs) {
  test(`an instructor adds a project with a photo from the roster and the parent sees it on /account (${lang}, 390 px, no JavaScript)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await portfolioWalk(page, browser, lang, false);
  });
}
