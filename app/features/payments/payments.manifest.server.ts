import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { PAYMENT_HOLD_SWEEP_EVERY_MS, paymentHoldSweepJob, sweepPaymentHolds } from "./payment-holds.server";
import { PAYMENT_REFUNDED_MAIL, paymentRefundedMail } from "./payment-mail.server";
import { paymentsApi } from "./payments.api";

/** Paying online (issue 31 part 3, decision 085): the checkout and webhook API, the hold sweep, the refund e-mail. */
export const paymentsManifest = defineFeature({
  name: "payments",
  routers: (deps) => [paymentsApi(deps)],
  mailTemplates: { [PAYMENT_REFUNDED_MAIL]: paymentRefundedMail },
  jobs: (deps) => [
    handleJob(paymentHoldSweepJob, async () => {
      const ended = await sweepPaymentHolds(deps.db);
      if (ended > 0) deps.logger.info({ ended }, "unpaid seat holds ran out; seats passed on");
    }),
  ],
  periodic: [{ job: paymentHoldSweepJob, everyMs: PAYMENT_HOLD_SWEEP_EVERY_MS }],
});
