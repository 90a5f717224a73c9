import { test, scriptWalkLangs } from "./fixtures";
import { accountActionsWalk } from "./account-actions-flow";

/** A parent changes group and sees what withdrawing does to the money, from /account (issue 42 step 8), at 390 px. */
for (const lang of scriptWalkLangs) {
  test(`change group and withdraw from /account (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await accountActionsWalk(page, lang);
  });
}
