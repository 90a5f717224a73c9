import { noScriptWalkLangs, test } from "./fixtures";
import { switchOnUnpaidInvoices } from "./automations-flow";

// The same walk without JavaScript: each automation's form is a plain post (decision 140).
for (const lang of noScriptWalkLangs) {
  test(`staff switch the unpaid-invoice automation on and see it sent at 390 px (${lang}, without JavaScript)`, async ({ page }) => {
    test.setTimeout(60_000);
    await switchOnUnpaidInvoices(page, lang);
  });
}
