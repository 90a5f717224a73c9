import { expect, scriptWalkLangs, test } from "./fixtures";
import { signInAsAdmin } from "./accounts";
import { INSTALMENT_TEXTS, newInvoice, splitWalk } from "./instalments-flow";

const SHOTS = process.env.SHOTS_DIR;

/** Issue 31 part 4 (decision 091): staff split a fee into instalments, at 390 px, in the languages walked with script. */
for (const lang of scriptWalkLangs) {
  test(`staff split an invoice into 3 instalments and see their due dates and statuses (${lang}, 390 px and desktop)`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const invoice = await newInvoice(page, lang);
    await signInAsAdmin(page);
    await splitWalk(page, lang, invoice.id);
    // The parts on a desktop screen too.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(page.getByTestId("instalments").locator("tbody tr")).toHaveCount(3);
    if (SHOTS) {
      await page.goto(`${lang === "ar" ? "/ar" : ""}/admin/billing/invoices/${invoice.id}/instalments`);
      await page.screenshot({ path: `${SHOTS}/staff-${lang}-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/staff-${lang}-desktop.png`, fullPage: true });
    }
    // The family's page of the same invoice (no keys here: pay at the desk), with its three parts.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${lang === "ar" ? "/ar" : ""}/payments/invoice?token=${invoice.token}`);
    await expect(page.getByTestId("invoice-state")).toHaveText(INSTALMENT_TEXTS[lang].pay.desk);
    await expect(page.getByTestId("instalments").locator("tbody tr")).toHaveCount(3);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/family-${lang}-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/family-${lang}-desktop.png`, fullPage: true });
    }
  });
}
