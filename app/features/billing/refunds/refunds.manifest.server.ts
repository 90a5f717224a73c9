import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { paymentProviderOf } from "~/features/billing/payments/payment-provider.server";
import { REFUND_RETRY_EVERY_MS, refundRetryJob, retryPendingRefunds } from "./refund-retry.server";
import { creditNoteMailTemplate, invoiceMailTemplate } from "./refund-mail.server";
import { refundsApi } from "./refunds.api";

/** Refunds, credit notes and the billing PDFs (issue 31 part 6, decision 092): the API, the PDF routes, the family's billing e-mails. */
export const refundsManifest = defineFeature({
  name: "refunds",
  routers: (deps) => [refundsApi(deps)],
  mails: [invoiceMailTemplate, creditNoteMailTemplate],
  jobs: (deps) => [
    handleJob(refundRetryJob, async () => {
      const done = await retryPendingRefunds(deps, paymentProviderOf(deps.config));
      if (done.settled + done.failed > 0) deps.logger.info(done, "pending refunds asked again");
    }),
  ],
  periodic: [{ job: refundRetryJob, everyMs: REFUND_RETRY_EVERY_MS }],
});
