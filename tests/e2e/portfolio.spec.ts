import { scriptWalkLangs, test } from "./fixtures";
import { portfolioWalk } from "./portfolio-flow";

// An instructor adds a project with a photo and a short video (decision 144) from the roster; the parent sees it on /account (decision 135), with script.
for (const lang of scriptWalkLangs) {
  test(`an instructor adds a project with a photo and a video from the roster and the parent sees them on /account (${lang}, 390 px, with JavaScript)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await portfolioWalk(page, browser, lang, true, { withVideo: true });
  });
}
