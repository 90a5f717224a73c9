import { retryDeadlock, type DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { expireHolds } from "~/features/enrolments/enrolments.server";
import { dueHolds } from "~/features/enrolments/queries.server";

/** The periodic job that ends seat holds whose payment never came (decision 085). */
export const paymentHoldSweepJob = defineJob("payment-hold-sweep");
export const PAYMENT_HOLD_SWEEP_EVERY_MS = 60_000;

/** Holds ended per sweep at most; the next sweep takes the rest. */
const BATCH = 200;

/**
 * Ends the seat holds that ran out unpaid: the enrolment is cancelled, its seat goes back and on to
 * the first parent in the section's line (freeSeatIn: the waitlist's own offer, decision 066), its
 * open checkouts are marked expired, all in one transaction. The claim is a conditional UPDATE
 * (still enrolled, still held, run out), so two instances sweeping at once, or a sweep racing the
 * payment's confirmation (which clears the hold by its own conditional UPDATE), end each hold once.
 * A payment that still arrives is onCheckoutPaid's late case. Returns how many holds ended.
 */
export async function sweepPaymentHolds(db: DB, at = new Date()): Promise<number> {
  const now = at.toISOString();
  const due = await dueHolds(db, now, BATCH);
  if (due.length === 0) return 0;
  // A batch locks many enrolments and invoices while families pay: PostgreSQL may end it as a deadlock's victim.
  return retryDeadlock(() => expireDueHolds(db, due, now));
}

function expireDueHolds(db: DB, due: readonly { id: number }[], now: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // expireHold (decision 100): its subscribers void the invoice, give an unpaid code's use back and
    // pass the seat to the line. A hold a payment confirmed (online or at the desk) is no longer held.
    const ended = await expireHolds(
      trx,
      due.map((row) => row.id),
      now,
    );
    if (ended.length === 0) return 0;
    await trx
      .updateTable("payment_checkouts")
      .set({ status: "expired", updated_at: now })
      .where(
        "enrolment_id",
        "in",
        ended.map((row) => row.id),
      )
      .where("status", "=", "open")
      .execute();
    return ended.length;
  });
}
