import { test } from "./fixtures";
import { enrolWithCodePayAndSeeInvoice, staffMoneyView } from "./money-flow";
import { startPaymentsServer, type PaymentsServer } from "./payments-server";

/**
 * Issue 31's "done when" walk (decision 093): a parent enrols, applies a code, pays through the
 * Stripe stand-in's checkout and sees the paid invoice in /account/invoices. One walk per language
 * (issue 40): English on a desktop and Arabic on a phone for the parent, the other way round for
 * staff, so each language meets both layouts. A second production server with the Stripe keys
 * (tests/e2e/payments-server.ts).
 */
// The staff walks read what the parents' walks paid: one group, retried together.
test.describe.configure({ mode: "serial" });
let payments: PaymentsServer;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  payments = await startPaymentsServer();
});
test.afterAll(async () => {
  await payments?.stop();
});

for (const [lang, width] of [
  ["en", 1280],
  ["ar", 390],
] as const) {
  test(`${lang} at ${width} px: enrol with a promo code, pay through the stand-in, see the paid invoice in the account`, async ({ page }) => {
    test.setTimeout(90_000);
    await enrolWithCodePayAndSeeInvoice(page, payments, lang, width);
  });
}

for (const [lang, width] of [
  ["en", 390],
  ["ar", 1280],
] as const) {
  test(`${lang} at ${width} px: staff see the money view on the dashboard and choose a period`, async ({ page }) => {
    test.setTimeout(60_000);
    await staffMoneyView(page, payments, lang, width);
  });
}
