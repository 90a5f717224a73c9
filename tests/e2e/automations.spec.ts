import { scriptWalkLangs, test } from "./fixtures";
import { switchOnUnpaidInvoices } from "./automations-flow";

// Issue 43 item 5 (decision 140): staff switch an automation on with its N and see its audit trail and figure, with the page's script, at 390 px.
for (const lang of scriptWalkLangs) {
  test(`staff switch the unpaid-invoice automation on and see it sent at 390 px (${lang}, with JavaScript)`, async ({ page }) => {
    test.setTimeout(60_000);
    await switchOnUnpaidInvoices(page, lang);
  });
}
