import { test } from "./fixtures";
import { enrolAndPay } from "./payments-flow";
import { startPaymentsServer, type PaymentsServer } from "./payments-server";

/** Paying online without JavaScript (decision 085): the enrol form, the Pay button and the stand-in's checkout are plain posts and links. */
let payments: PaymentsServer;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  payments = await startPaymentsServer();
});
test.afterAll(async () => {
  await payments?.stop();
});

test("without JavaScript, in Arabic at 390 px: enrol, back from the checkout once, then pay and see the paid enrolment", async ({ page }) => {
  test.setTimeout(60_000);
  await enrolAndPay(page, payments, "ar", 390);
});
