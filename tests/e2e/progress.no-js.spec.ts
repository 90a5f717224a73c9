import { noScriptWalkLangs, test } from "./fixtures";
import { progressWalk } from "./progress-flow";

// The same walk without JavaScript: plain form posts and links (decision 138).
for (const lang of noScriptWalkLangs) {
  test(`an instructor writes a comment and issues progress reports; the parent opens the PDF from /account (${lang}, 390 px, no JavaScript)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await progressWalk(page, browser, lang, false);
  });
}
