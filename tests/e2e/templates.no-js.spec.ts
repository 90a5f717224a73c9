import { noScriptWalkLangs, test } from "./fixtures";
import { approveTemplate } from "./templates-flow";

// The same walk without JavaScript: each template's form is a plain post.
for (const lang of noScriptWalkLangs) {
  test(`staff enter an approved WhatsApp template at 390 px (${lang}, without JavaScript)`, async ({ page }) => {
    await approveTemplate(page, lang);
  });
}
