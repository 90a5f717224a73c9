import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { checkCheckout, checkoutCheckJob, paymentEventJob, processPaymentEvent } from "./payment-events.server";
import { PAYMENT_HOLD_SWEEP_EVERY_MS, paymentHoldSweepJob, sweepPaymentHolds } from "./payment-holds.server";
import { paymentRefundedMail } from "./payment-mail.server";
import { paymentProviderOf } from "./payment-provider.server";
import { PAYMENT_RECONCILE_EVERY_MS, paymentReconcileJob, reconcilePayments } from "./payment-reconcile.server";
import { refundReturnJob, runRefundReturn } from "./refund-return.server";
import { paymentsApi } from "./payments.api";

/**
 * Paying online (issue 31 part 3, decisions 085 and 094): the checkout and webhook API, the hold
 * sweep, the refund e-mail, and the jobs behind the webhook inbox: each stored event processed, a
 * return given back, a returning family's checkout read, and the daily reconciliation.
 */
export const paymentsManifest = defineFeature({
  name: "payments",
  routers: (deps) => [paymentsApi(deps)],
  mails: [paymentRefundedMail],
  jobs: (deps) => [
    handleJob(paymentHoldSweepJob, async () => {
      const ended = await sweepPaymentHolds(deps.db);
      if (ended > 0) deps.logger.info({ ended }, "unpaid seat holds ran out; seats passed on");
    }),
    handleJob(paymentEventJob, async ({ eventId }) => {
      await processPaymentEvent(deps, paymentProviderOf(deps.config), eventId);
    }),
    handleJob(refundReturnJob, (payload) => runRefundReturn(deps, paymentProviderOf(deps.config), payload)),
    handleJob(checkoutCheckJob, ({ sessionId }) => checkCheckout(deps, paymentProviderOf(deps.config), sessionId)),
    handleJob(paymentReconcileJob, async () => {
      await reconcilePayments(deps, paymentProviderOf(deps.config));
    }),
  ],
  periodic: [
    { job: paymentHoldSweepJob, everyMs: PAYMENT_HOLD_SWEEP_EVERY_MS },
    { job: paymentReconcileJob, everyMs: PAYMENT_RECONCILE_EVERY_MS },
  ],
});
