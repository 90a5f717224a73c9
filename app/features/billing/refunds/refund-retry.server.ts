import type { DB } from "~server/db/db";
import type { Logger } from "~server/logger";
import { nowIso } from "~server/db/values";
import { defineJob } from "~server/jobs/job";
import { failRefund, settleRefund } from "~/features/billing/ledger.server";
import type { PaymentProvider } from "~/features/billing/payments/payment-provider.server";
import { queueCreditNoteMail } from "./refunds.server";

/** The periodic job that finishes refunds left pending (decision 092). */
export const refundRetryJob = defineJob("refund-retry");
export const REFUND_RETRY_EVERY_MS = 5 * 60_000;

/** A refund younger than this may still be waiting for the provider's first answer. */
const STALE_MS = 5 * 60_000;
/** Refunds asked again per sweep at most; the next sweep takes the rest. */
const BATCH = 50;

/**
 * Asks the provider again for each refund still pending a while after it was reserved (the process
 * stopped between our database and the provider, or the provider gave no clear answer). The same
 * idempotency key as the first ask (the credit note's number, or `return-<session>` for a payment
 * given back without a note) makes it the same refund at the provider, so a sweep racing the first
 * ask, or two instances sweeping at once, refund the money once; settling is a conditional UPDATE.
 * A refusal fails the refund as the first ask would have (the note cancelled, the balance restored).
 */
export async function retryPendingRefunds(
  deps: { db: DB; logger: Logger },
  provider: PaymentProvider | null,
  at = new Date(),
): Promise<{ settled: number; failed: number }> {
  const result = { settled: 0, failed: 0 };
  if (!provider) return result;
  const { db } = deps;
  const rows = await db
    .selectFrom("payments as r")
    .innerJoin("payments as p", "p.id", "r.refund_of")
    .leftJoin("credit_notes as n", "n.id", "r.credit_note_id")
    .leftJoin("payment_checkouts as c", "c.payment_ref", "p.provider_ref")
    .select(["r.id", "r.amount_minor", "r.credit_note_id", "n.number as note", "p.provider_ref", "c.session_id"])
    .where("r.kind", "=", "refund")
    .where("r.refund_state", "=", "pending")
    .where("r.created_at", "<=", new Date(at.getTime() - STALE_MS).toISOString())
    .orderBy("r.id")
    .limit(BATCH)
    .execute();
  for (const row of rows) {
    const key = row.note ?? (row.session_id ? `return-${row.session_id}` : null);
    if (!row.provider_ref || !key) continue;
    const answer = await provider.refund(row.provider_ref, row.amount_minor, key);
    // Still no clear answer: left pending for the next sweep (decision 094).
    if (answer.kind === "unknown") continue;
    if (answer.kind === "refused") {
      deps.logger.error(
        { code: answer.code, refundId: row.id, key },
        "the payment provider refused a pending refund; it is failed and its credit note cancelled",
      );
      if (await db.transaction().execute((trx) => failRefund(trx, row.id))) result.failed++;
      continue;
    }
    const refundRef = answer.id;
    const settled = await db.transaction().execute(async (trx) => {
      if (!(await settleRefund(trx, row.id, refundRef))) return false;
      if (row.credit_note_id !== null) await queueCreditNoteMail(trx, row.credit_note_id);
      else if (row.session_id)
        await trx
          .updateTable("payment_checkouts")
          .set({ status: "refunded", updated_at: nowIso() })
          .where("session_id", "=", row.session_id)
          .where("status", "=", "paid")
          .execute();
      return true;
    });
    if (settled) result.settled++;
  }
  return result;
}
