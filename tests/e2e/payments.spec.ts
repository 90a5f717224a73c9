import { test } from "./fixtures";
import { enrolAndPay } from "./payments-flow";
import { startPaymentsServer, type PaymentsServer } from "./payments-server";

/**
 * Paying online (issue 31 part 3, decision 085): a parent enrols from the course page, is sent to
 * the payment page (the seat held), pays on the Stripe stand-in's hosted checkout and comes back to
 * the paid enrolment; once per language (decision 133), English on a desktop and Arabic on a phone
 * (and Arabic without script in payments.no-js.spec.ts). The suite's own server (no keys)
 * shows no payment at all: enrol.spec.ts and enrol.no-js.spec.ts walk that default.
 */
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
  test(`${lang} at ${width} px: enrol, the seat held, back from the checkout once, then pay through the stand-in and see the paid enrolment`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await enrolAndPay(page, payments, lang, width);
  });
}
