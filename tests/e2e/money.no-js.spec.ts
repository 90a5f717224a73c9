import { test } from "./fixtures";
import { enrolWithCodePayAndSeeInvoice, staffMoneyView } from "./money-flow";
import { startPaymentsServer, type PaymentsServer } from "./payments-server";

/** The family's invoices and the money view without JavaScript (decision 093): the code, the enrolment and the period are plain posts and GET forms. */
test.describe.configure({ mode: "serial" });
let payments: PaymentsServer;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  payments = await startPaymentsServer();
});
test.afterAll(async () => {
  await payments?.stop();
});

test("without JavaScript, in Arabic at 390 px: enrol with a code, pay, see the paid invoice; staff choose the money view's period", async ({ page }) => {
  test.setTimeout(120_000);
  await enrolWithCodePayAndSeeInvoice(page, payments, "ar", 390);
  await staffMoneyView(page, payments, "ar", 390);
});
