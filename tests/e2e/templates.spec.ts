import { scriptWalkLangs, test } from "./fixtures";
import { approveTemplate } from "./templates-flow";

// Issue 43 item 2: staff enter a message's approved WhatsApp template, with the page's script, at 390 px.
for (const lang of scriptWalkLangs) {
  test(`staff enter an approved WhatsApp template at 390 px (${lang}, with JavaScript)`, async ({ page }) => {
    await approveTemplate(page, lang);
  });
}
