import { scriptWalkLangs, test } from "./fixtures";
import { sendBroadcastToGroup } from "./broadcasts-flow";

// Issue 43 item 5 (decision 134): staff send a broadcast to a group, with the page's script, at 390 px.
for (const lang of scriptWalkLangs) {
  test(`staff preview and send a broadcast to a group at 390 px (${lang}, with JavaScript)`, async ({ page }) => {
    test.setTimeout(90_000);
    await sendBroadcastToGroup(page, lang, "js");
  });
}
