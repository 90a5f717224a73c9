import { noScriptWalkLangs, test } from "./fixtures";
import { sendBroadcastToGroup } from "./broadcasts-flow";

// The same walk without JavaScript: the audience, preview and send are plain form posts (decision 134).
for (const lang of noScriptWalkLangs) {
  test(`staff preview and send a broadcast to a group at 390 px (${lang}, without JavaScript)`, async ({ page }) => {
    test.setTimeout(90_000);
    await sendBroadcastToGroup(page, lang, "nojs");
  });
}
