import { scriptWalkLangs, test } from "./fixtures";
import { answerInInbox } from "./inbox-flow";

// Issue 43 item 4: staff answer a family's message in the inbox, with the page's script, at 390 px.
for (const lang of scriptWalkLangs) {
  test(`staff answer a family's WhatsApp message in the inbox at 390 px (${lang}, with JavaScript)`, async ({ page }) => {
    await answerInInbox(page, lang);
  });
}
