import { scriptWalkLangs, test } from "./fixtures";
import { progressWalk } from "./progress-flow";

// An instructor writes a comment and issues the reports; the parent opens the report's PDF from /account (decision 138), with script.
for (const lang of scriptWalkLangs) {
  test(`an instructor writes a comment and issues progress reports; the parent opens the PDF from /account (${lang}, 390 px, with JavaScript)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await progressWalk(page, browser, lang, true);
  });
}
