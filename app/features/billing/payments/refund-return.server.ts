import { z } from "zod";
import type { DB } from "~server/db/db";
import type { Logger } from "~server/logger";
import { nowIso } from "~server/db/values";
import { defineJob } from "~server/jobs/job";
import { queueMail } from "~server/mail/mail-queue";
import { failRefund, settleRefund } from "~/features/billing/ledger.server";
import type { PaymentProvider } from "./payment-provider.server";
import { paymentRefundedMail, refundedMailData } from "./payment-mail.server";
import { raisePaymentNotice } from "./payment-notices.server";

/**
 * A payment given back because it came after its seat was gone (decision 094): queued by
 * onCheckoutPaid in the transaction that records it, so neither the webhook nor a page asks the
 * provider. Its ledger refund (when the enrolment had an invoice) is pending until the provider has it.
 */
export const refundReturnJob = defineJob(
  "refund-return",
  z.object({
    sessionId: z.string().min(1).max(255),
    paymentRef: z.string().min(1).max(255),
    amountMinor: z.number().int().positive(),
    ledgerRefundId: z.number().int().positive().nullable(),
    email: z.string().max(320),
    subject: z.string().max(500),
    mail: refundedMailData,
  }),
  { urgent: true },
);

/** Thrown so the job is tried again later (the worker's backoff): the provider gave no clear answer. */
export class ProviderUnclear extends Error {}

/**
 * Asks the provider for the return, with the session as idempotency key (the pending-refund sweep
 * uses the same key, so both together refund once). Done: the ledger refund is settled, the checkout
 * marked refunded and the family told, once (conditional UPDATEs). Refused: the refund fails (the
 * family is left in credit) and staff are told. Unknown: throws, and the job runs again later.
 */
export async function runRefundReturn(
  deps: { db: DB; logger: Logger },
  provider: PaymentProvider | null,
  job: z.output<typeof refundReturnJob.payload>,
): Promise<void> {
  const { db } = deps;
  if (!provider) throw new ProviderUnclear("online payments are not configured: the return waits");
  if (job.ledgerRefundId !== null) {
    const row = await db.selectFrom("payments").select("refund_state").where("id", "=", job.ledgerRefundId).executeTakeFirst();
    // Failed already (refused, or reopened by an event): nothing to ask.
    if (row?.refund_state === "failed") return;
  }
  const answer = await provider.refund(job.paymentRef, job.amountMinor, `return-${job.sessionId}`);
  if (answer.kind === "unknown") throw new ProviderUnclear(`the provider gave no clear answer to the return of ${job.sessionId}`);
  if (answer.kind === "refused") {
    deps.logger.error({ sessionId: job.sessionId, code: answer.code }, "the payment provider refused a return; the family is left in credit");
    await db.transaction().execute(async (trx) => {
      if (job.ledgerRefundId !== null) await failRefund(trx, job.ledgerRefundId);
      await raisePaymentNotice(trx, {
        kind: "refund-refused",
        key: `refund-refused:return-${job.sessionId}`,
        providerRef: job.paymentRef,
        amountMinor: job.amountMinor,
        currency: job.mail.currency.toUpperCase(),
        details: `return of ${job.sessionId}: ${answer.code}`,
      });
    });
    return;
  }
  await db.transaction().execute(async (trx) => {
    if (job.ledgerRefundId !== null) await settleRefund(trx, job.ledgerRefundId, answer.id);
    const changed = await trx
      .updateTable("payment_checkouts")
      .set({ status: "refunded", updated_at: nowIso() })
      .where("session_id", "=", job.sessionId)
      .where("status", "=", "paid")
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 1) await queueMail(trx, paymentRefundedMail, { to: job.email, subject: job.subject, data: job.mail });
  });
}
