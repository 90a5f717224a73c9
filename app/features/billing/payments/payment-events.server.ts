import { z } from "zod";
import { retryDeadlock, type DB } from "~server/db/db";
import type { Logger } from "~server/logger";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import { defineJob } from "~server/jobs/job";
import { enqueue } from "~server/jobs/queue";
import { countPaymentEvent, paymentWebhooks } from "~server/http/metrics";
import { failRefund, refundable, returnPayment, settleRefund } from "~/features/billing/ledger.server";
import { onCheckoutFailed } from "./checkout-failed.server";
import { onCheckoutPaid } from "./checkout-paid.server";
import type { PaymentProvider, ProviderDispute, ProviderEvent, ProviderRefund } from "./payment-provider.server";
import { raisePaymentNotice } from "./payment-notices.server";

/**
 * The webhook as an inbox (decision 094): the request verifies the signature, stores the event and
 * answers 200; this job processes it, retried with the worker's backoff until it is done. The
 * event's id is UNIQUE (one row however often Stripe delivers it) and processing claims the row
 * `queued` → outcome by a conditional UPDATE, so two runs of one job process it once.
 */
export const paymentEventJob = defineJob("payment-event", z.object({ eventId: z.string().min(1).max(255) }), { urgent: true });

/** The family came back from the checkout before its event was processed: its session is read by a job, not by the page. */
export const checkoutCheckJob = defineJob("checkout-check", z.object({ sessionId: z.string().min(1).max(255) }), { urgent: true });

/** Stores a verified event and queues its processing, in one transaction. False: stored before (a redelivery). */
export async function storePaymentEvent(db: DB, provider: Pick<PaymentProvider, "name">, event: ProviderEvent): Promise<boolean> {
  return db
    .transaction()
    .execute(async (trx) => {
      const stored = await trx
        .insertInto("payment_events")
        .values({
          provider: provider.name,
          event_id: event.id,
          event_type: event.type === "other" ? event.name : event.type,
          session_id: event.type === "checkout.completed" ? event.checkout.sessionId : null,
          outcome: "queued",
          payload: toDbJson(event),
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.column("event_id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!stored) return false;
      await enqueue(trx, paymentEventJob, { eventId: event.id }, { uniqueKey: `payment-event:${event.id}`, maxAttempts: 12 });
      return true;
    })
    .then((stored) => {
      paymentWebhooks.inc({ outcome: stored ? "stored" : "duplicate" });
      return stored;
    });
}

class Processed extends Error {}

/** Runs `work` on a stored event once: claims it (`queued` → `processing`), then records the outcome work returns. */
async function once(db: DB, eventId: string, work: (trx: DB) => Promise<string>): Promise<string> {
  try {
    return await retryDeadlock(() =>
      db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable("payment_events")
          .set({ outcome: "processing" })
          .where("event_id", "=", eventId)
          .where("outcome", "=", "queued")
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw new Processed();
        const outcome = await work(trx);
        await trx.updateTable("payment_events").set({ outcome, processed_at: nowIso() }).where("event_id", "=", eventId).execute();
        return outcome;
      }),
    );
  } catch (error) {
    if (error instanceof Processed) return "duplicate";
    throw error;
  }
}

/** The `payment-event` job: what the stored event says, done once. Throws to be retried. Counted by outcome in /metrics. */
export async function processPaymentEvent(deps: { db: DB; logger: Logger }, provider: PaymentProvider | null, eventId: string): Promise<string> {
  try {
    const outcome = await processOnce(deps, provider, eventId);
    countPaymentEvent(outcome);
    return outcome;
  } catch (error) {
    countPaymentEvent("failed");
    throw error;
  }
}

async function processOnce(deps: { db: DB; logger: Logger }, provider: PaymentProvider | null, eventId: string): Promise<string> {
  const { db } = deps;
  const row = await db.selectFrom("payment_events").select(["outcome", "payload"]).where("event_id", "=", eventId).executeTakeFirst();
  if (!row || row.outcome !== "queued") return "duplicate";
  const event = fromDbJson<ProviderEvent | null>(row.payload, null);
  if (!event) return once(db, eventId, async () => "ignored");
  switch (event.type) {
    case "checkout.completed": {
      if (!event.checkout.paid) return once(db, eventId, async () => "ignored");
      const { checkout } = event;
      const outcome = await onCheckoutPaid(db, provider ?? { name: "stripe" }, {
        sessionId: checkout.sessionId,
        paymentRef: checkout.paymentRef,
        amountMinor: checkout.amountMinor,
        currency: checkout.currency,
        eventId,
      });
      if (outcome === "refunded") deps.logger.warn({ sessionId: checkout.sessionId }, "online payment after its seat hold ended: given back");
      if (outcome === "mismatch") deps.logger.warn({ sessionId: checkout.sessionId }, "online payment differs from its checkout: not confirmed, staff told");
      return outcome;
    }
    case "checkout.failed":
      return once(db, eventId, (trx) => onCheckoutFailed(trx, event.sessionId));
    case "refund.updated":
      return once(db, eventId, (trx) => refundSeen(trx, event.refund, eventId));
    case "charge.refunded": {
      // Recent API versions leave the refunds out of the charge: the job (never the webhook) asks for them.
      const refunds = event.refunds.length > 0 || !provider ? event.refunds : await provider.refundsOf(event.paymentRef);
      return once(db, eventId, async (trx) => {
        const outcomes = [];
        for (const refund of refunds) outcomes.push(await refundSeen(trx, refund, eventId));
        return outcomes.includes("outside") ? "outside" : outcomes.includes("reopened") ? "reopened" : "known";
      });
    }
    case "dispute.created":
    case "dispute.closed":
      return once(db, eventId, (trx) => disputeSeen(trx, event.type, event.dispute));
    default:
      return once(db, eventId, async () => "ignored");
  }
}

/** Our refund row a provider refund stands for: by its id once settled, else by the key it was asked with (its metadata). */
async function ourRefund(trx: DB, refund: ProviderRefund) {
  const byRef = await trx
    .selectFrom("payments")
    .select(["id", "refund_state", "invoice_id"])
    .where("kind", "=", "refund")
    .where("provider_ref", "=", refund.id)
    .executeTakeFirst();
  if (byRef || !refund.reference) return byRef;
  const session = /^return-(.+)$/.exec(refund.reference)?.[1];
  if (session) {
    return trx
      .selectFrom("payments as r")
      .innerJoin("payments as p", "p.id", "r.refund_of")
      .innerJoin("payment_checkouts as c", "c.payment_ref", "p.provider_ref")
      .select(["r.id", "r.refund_state", "r.invoice_id"])
      .where("c.session_id", "=", session)
      .where("r.kind", "=", "refund")
      .where("r.credit_note_id", "is", null)
      .orderBy("r.id", "desc")
      .executeTakeFirst();
  }
  return trx
    .selectFrom("payments as r")
    .innerJoin("credit_notes as n", "n.id", "r.credit_note_id")
    .select(["r.id", "r.refund_state", "r.invoice_id"])
    .where("n.number", "=", refund.reference)
    .where("r.kind", "=", "refund")
    .executeTakeFirst();
}

/**
 * A refund the provider reports (refund.updated, charge.refunded). Ours and succeeded: a pending
 * one is settled. Ours and failed later: the refund reopens (failRefund: its credit note cancelled
 * and its entries reversed, so what was refunded is the family's money with the academy again) and
 * staff are told. Not ours (made in the provider's dashboard): recorded as a refund of the payment
 * in the ledger, and staff are told.
 */
async function refundSeen(trx: DB, refund: ProviderRefund, eventId: string): Promise<string> {
  const ours = await ourRefund(trx, refund);
  const failed = refund.status === "failed" || refund.status === "canceled";
  if (ours) {
    if (failed) {
      if (!(await failRefund(trx, ours.id, { reopen: true }))) return "known";
      await raisePaymentNotice(trx, {
        kind: "refund-failed",
        key: `refund-failed:${refund.id}`,
        providerRef: refund.id,
        invoiceId: ours.invoice_id,
        amountMinor: refund.amountMinor,
        currency: refund.currency.toUpperCase(),
        details: `refund ${refund.id} of ${refund.paymentRef} failed at the provider (${eventId})`,
      });
      return "reopened";
    }
    if (refund.status === "succeeded" && ours.refund_state === "pending") await settleRefund(trx, ours.id, refund.id);
    return "known";
  }
  if (failed) return "ignored";
  const payment = await trx
    .selectFrom("payments")
    .select(["id", "invoice_id"])
    .where("kind", "=", "payment")
    .where("provider_ref", "=", refund.paymentRef)
    .executeTakeFirst();
  let recorded = 0;
  if (payment) {
    recorded = Math.min(refund.amountMinor, await refundable(trx, payment.id, payment.invoice_id));
    if (recorded > 0) {
      const { refundId } = await returnPayment(trx, payment.id, recorded, { pending: true });
      await settleRefund(trx, refundId, refund.id);
    }
  }
  await raisePaymentNotice(trx, {
    kind: "refund-outside",
    key: `refund-outside:${refund.id}`,
    providerRef: refund.id,
    invoiceId: payment?.invoice_id ?? null,
    amountMinor: refund.amountMinor,
    currency: refund.currency.toUpperCase(),
    details: `refund ${refund.id} of ${refund.paymentRef} made at the provider; ${recorded} recorded in the ledger`,
  });
  return "outside";
}

/**
 * A dispute (chargeback). Opened: staff are told (the provider has taken the amount back while it
 * lasts). Closed and lost: the money is gone, recorded as a refund of the payment (the family owes
 * it again); won: it came back, nothing to record. Either way staff are told.
 */
async function disputeSeen(trx: DB, type: "dispute.created" | "dispute.closed", dispute: ProviderDispute): Promise<string> {
  const payment = await trx
    .selectFrom("payments")
    .select(["id", "invoice_id"])
    .where("kind", "=", "payment")
    .where("provider_ref", "=", dispute.paymentRef)
    .executeTakeFirst();
  const base = { providerRef: dispute.id, invoiceId: payment?.invoice_id ?? null, amountMinor: dispute.amountMinor, currency: dispute.currency.toUpperCase() };
  if (type === "dispute.created") {
    await raisePaymentNotice(trx, {
      ...base,
      kind: "dispute-opened",
      key: `dispute-opened:${dispute.id}`,
      details: `dispute ${dispute.id} of ${dispute.paymentRef}: ${dispute.reason}`,
    });
    return "dispute-opened";
  }
  let recorded = 0;
  if (dispute.status === "lost" && payment) {
    const known = await trx.selectFrom("payments").select("id").where("provider_ref", "=", dispute.id).executeTakeFirst();
    recorded = known ? 0 : Math.min(dispute.amountMinor, await refundable(trx, payment.id, payment.invoice_id));
    if (recorded > 0) {
      const { refundId } = await returnPayment(trx, payment.id, recorded, { pending: true });
      await settleRefund(trx, refundId, dispute.id);
    }
  }
  await raisePaymentNotice(trx, {
    ...base,
    kind: "dispute-closed",
    key: `dispute-closed:${dispute.id}`,
    details: `dispute ${dispute.id} of ${dispute.paymentRef} closed: ${dispute.status}; ${recorded} recorded in the ledger`,
  });
  return `dispute-${dispute.status}`.slice(0, 40);
}

/**
 * The `checkout-check` job: the family's return page saw a checkout still open (its event not
 * processed yet, or lost); the session is read from the provider here and, when paid, confirmed as
 * its event would be. The page itself never calls the provider (decision 094).
 */
export async function checkCheckout(deps: { db: DB }, provider: PaymentProvider | null, sessionId: string): Promise<void> {
  if (!provider) return;
  const checkout = await deps.db.selectFrom("payment_checkouts").select("status").where("session_id", "=", sessionId).executeTakeFirst();
  if (!checkout || (checkout.status !== "open" && checkout.status !== "expired")) return;
  const state = await provider.retrieveCheckout(sessionId);
  if (state.paid)
    await onCheckoutPaid(deps.db, provider, {
      sessionId: state.sessionId,
      paymentRef: state.paymentRef,
      amountMinor: state.amountMinor,
      currency: state.currency,
    });
}
