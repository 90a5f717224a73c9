import { scriptWalkLangs, test } from "./fixtures";
import { guardiansWalk } from "./guardians-flow";

// The primary invites a payer and a pickup-only guardian; each signs in and sees only their part (decision 139), with script.
for (const lang of scriptWalkLangs) {
  test(`a payer and a pickup-only guardian join the family and see their part (${lang}, 390 px, with JavaScript)`, async ({ browser }) => {
    test.setTimeout(90_000);
    await guardiansWalk(browser, lang, true);
  });
}
