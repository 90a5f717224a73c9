import { test, noScriptWalkLangs } from "./fixtures";
import { accountActionsWalk } from "./account-actions-flow";

/** The same walk without JavaScript: the card's links open the enrolment's page, its forms post, "show more" is a link (decision 019). */
for (const lang of noScriptWalkLangs) {
  test(`without JavaScript: change group and withdraw from /account (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await accountActionsWalk(page, lang, "no-js");
  });
}
