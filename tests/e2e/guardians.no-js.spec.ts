import { noScriptWalkLangs, test } from "./fixtures";
import { guardiansWalk } from "./guardians-flow";

// The same walk without JavaScript: plain form posts and links (decision 139).
for (const lang of noScriptWalkLangs) {
  test(`a payer and a pickup-only guardian join the family and see their part (${lang}, 390 px, no JavaScript)`, async ({ browser }) => {
    test.setTimeout(90_000);
    await guardiansWalk(browser, lang, false);
  });
}
