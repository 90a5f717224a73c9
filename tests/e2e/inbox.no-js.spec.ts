import { noScriptWalkLangs, test } from "./fixtures";
import { answerInInbox } from "./inbox-flow";

// The same walk without JavaScript: the reply is a plain form post.
for (const lang of noScriptWalkLangs) {
  test(`staff answer a family's WhatsApp message in the inbox at 390 px (${lang}, without JavaScript)`, async ({ page }) => {
    await answerInInbox(page, lang);
  });
}
