import type { DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { voidInvoiceOf } from "~/features/billing/ledger.server";
import { freeSeatIn } from "~/features/booking/waitlist-offers.server";
import { SECTION_LINE } from "~/features/sections/section-waitlist.server";

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
  const due = await db.selectFrom("section_enrolments").select("id").where("payment_hold_until", "<=", now).where("status", "=", "enrolled").orderBy("id").limit(BATCH).execute();
  if (due.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable("section_enrolments")
      // The hold's time stays: a cancelled enrolment with a hold is one whose payment never came.
      .set({ status: "cancelled", updated_at: now })
      .where("id", "in", due.map((row) => row.id))
      .where("status", "=", "enrolled")
      .where("payment_hold_until", "<=", now)
      .returning(["id", "section_id"])
      .execute();
    if (ended.length === 0) return 0;
    await trx
      .updateTable("payment_checkouts")
      .set({ status: "expired", updated_at: now })
      .where("enrolment_id", "in", ended.map((row) => row.id))
      .where("status", "=", "open")
      .execute();
    // What was owed goes with the seat (decision 082): a void credit note on each invoice.
    for (const { id } of ended) await voidInvoiceOf(trx, { kind: "section", enrolmentId: id }, "payment hold expired");
    // Sections in id order, so two sweeps (or a sweep and an enrolment) lock them in the same order.
    for (const sectionId of ended.map((row) => row.section_id).sort((a, b) => a - b)) await freeSeatIn(trx, SECTION_LINE, sectionId, now);
    return ended.length;
  });
}
