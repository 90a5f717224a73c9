import { retryDeadlock, type DB, type Trx } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { pick } from "~/i18n/localized";
import { confirmPayment } from "~/features/enrolments/enrolments.server";
import { confirmPaidInvoice } from "~/features/billing/enrolment-billing.server";
import { enqueue } from "~server/jobs/queue";
import { findInvoiceOf, recordPayment, returnPayment } from "~/features/billing/ledger.server";
import type { PaymentProvider } from "./payment-provider.server";
import { refundedSubject } from "./payment-mail.server";
import { raisePaymentNotice } from "./payment-notices.server";
import { refundReturnJob } from "./refund-return.server";
import { releasePromoUses, retakePromoUses } from "~/features/billing/discounts/promo.server";
import { enrolmentForCheckout } from "~/features/enrolments/queries.server";

/** A payment the provider reports for one of our checkouts (its webhook event, or the session read on return). */
export interface PaidCheckout {
  sessionId: string;
  paymentRef: string | null;
  amountMinor: number;
  currency: string;
  /** The provider's event id when it came as an event (stored UNIQUE: a second delivery records nothing). */
  eventId?: string;
  eventType?: string;
}

/**
 * What recording it did: `confirmed` (the held seat is the family's), `late-confirmed` (the hold had
 * run out but a seat was still free: taken again), `refunded` (paid after the hold ended with no seat
 * left, or paid twice: the money goes back through the provider and the family is told),
 * `duplicate` (this event or this session's payment was recorded before), `unknown` (not our session),
 * `mismatch` (the provider reports another amount or currency than the checkout asked: the money is
 * recorded, the seat is not confirmed, staff are told; decision 094).
 */
export type PaidOutcome = "confirmed" | "late-confirmed" | "refunded" | "duplicate" | "unknown" | "mismatch";

class Duplicate extends Error {}

/**
 * THE one place a paid checkout is confirmed (issue 31 contract): the webhook's job and the
 * family's return both call it, any number of times, in any order, on any instance. In one
 * transaction: the stored event is claimed (`queued` → its outcome by a conditional UPDATE: the same
 * event processed twice is a duplicate), the checkout goes open → paid by a conditional UPDATE (one
 * payment per session, whatever the events), then the enrolment's hold is cleared by another
 * (confirmed once). A payment arriving after the hold ran out takes a seat again while one is free
 * (the seat helper's conditional UPDATE), else it is given back: the return is a `refund-return` job
 * queued in this transaction (decision 094), so no request ever waits on the provider. A confirmed
 * payment is recorded on the enrolment's invoice (recordPayment: once per provider reference).
 */
export async function onCheckoutPaid(db: DB, provider: Pick<PaymentProvider, "name">, paid: PaidCheckout): Promise<PaidOutcome> {
  try {
    // A deadlock's victim keeps nothing: it runs again here rather than waiting for the job's 30 s backoff.
    return await retryDeadlock(() =>
      db.transaction().execute(async (trx) => {
        const now = nowIso();
        if (paid.eventId) {
          const claimed = await trx
            .updateTable("payment_events")
            .set({ outcome: "processing" })
            .where("event_id", "=", paid.eventId)
            .where("outcome", "=", "queued")
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) throw new Duplicate();
        }
        const decided = await decide(trx, now);
        if (paid.eventId) await trx.updateTable("payment_events").set({ outcome: decided, processed_at: now }).where("event_id", "=", paid.eventId).execute();
        return decided;
      }),
    );
  } catch (error) {
    if (error instanceof Duplicate) return "duplicate";
    throw error;
  }

  async function decide(trx: Trx, now: string): Promise<PaidOutcome> {
    const asked = await trx.selectFrom("payment_checkouts").selectAll().where("session_id", "=", paid.sessionId).executeTakeFirst();
    if (!asked) return "unknown";
    // Currencies compared without case: Stripe writes them lower case, billing upper (issue 38).
    if (asked.amount_minor !== paid.amountMinor || asked.currency.toLowerCase() !== paid.currency.toLowerCase()) return mismatch(trx, asked, now);
    const checkout = await trx
      .updateTable("payment_checkouts")
      .set({ status: "paid", payment_ref: paid.paymentRef, paid_amount_minor: paid.amountMinor, paid_currency: paid.currency, paid_at: now, updated_at: now })
      .where("session_id", "=", paid.sessionId)
      .where("status", "in", ["open", "expired"])
      .returningAll()
      .executeTakeFirst();
    if (!checkout) return "duplicate";
    // An invoice's checkout (an instalment or all it owes, decision 091): the payment on that invoice.
    if (checkout.kind === "invoice" && checkout.invoice_id !== null) {
      const recorded = await recordPayment(trx, {
        invoiceId: checkout.invoice_id,
        method: "online",
        provider: provider.name,
        providerRef: paid.paymentRef ?? `session:${paid.sessionId}`,
        amountMinor: paid.amountMinor,
        instalmentId: checkout.instalment_id,
        receivedAt: now,
      });
      if (recorded?.credit) await creditNotice(trx, checkout.invoice_id, recorded.id);
      // Paid in full: a seat still held for it is the family's (decision 100).
      if (recorded?.invoicePaid) await confirmPaidInvoice(trx, checkout.invoice_id, "online");
      return "confirmed";
    }
    if (checkout.enrolment_id === null) return "confirmed";
    const enrolment = await enrolmentForCheckout(trx, checkout.enrolment_id);
    const course = pick(enrolment, "name", enrolment.lang);
    // The payment on the enrolment's invoice (decision 082), once per provider reference.
    const payInvoice = async () => {
      const invoice = await findInvoiceOf(trx, { kind: "section", enrolmentId: enrolment.id });
      if (invoice)
        await recordPayment(trx, {
          invoiceId: invoice.id,
          method: "online",
          provider: provider.name,
          providerRef: paid.paymentRef ?? `session:${paid.sessionId}`,
          amountMinor: paid.amountMinor,
          receivedAt: now,
        });
    };
    // Held and unpaid until now: the seat is the family's; run out: a seat again if one is free and
    // the child holds none (the enrolments feature decides both, decision 100; its subscribers send
    // the confirmation and issue the voided invoice again).
    // Run out (cancelled by the sweep, its hold's time kept): the code's use given back then is taken
    // again before the seat is (issue 38 item 4: checked again when the payment arrives). A code with
    // no use left means the price paid no longer holds: the payment goes back as for a lost seat.
    const ref = { offerKind: "section" as const, id: enrolment.id };
    const lapsed = enrolment.status === "cancelled" && enrolment.payment_hold_until !== null;
    const promo = lapsed ? await retakePromoUses(trx, ref) : "none";
    const confirmed = promo === "usedUp" ? "noSeat" : await confirmPayment(trx, ref, "online");
    if (confirmed === "confirmed" || confirmed === "late-confirmed") {
      await payInvoice();
      return confirmed;
    }
    if (promo === "retaken") await releasePromoUses(trx, ref);
    // No seat for this payment (or the enrolment was paid already): it goes back. The ledger records
    // the payment on the enrolment's invoice (voided by the sweep, or paid already) and its return,
    // pending until the provider has it, so the family's balance is right whatever happens next.
    if (paid.paymentRef) {
      const invoice =
        (await findInvoiceOf(trx, { kind: "section", enrolmentId: enrolment.id })) ??
        (await trx.selectFrom("invoices").select("id").where("enrolment_id", "=", enrolment.id).orderBy("id", "desc").executeTakeFirst());
      let ledgerRefundId: number | null = null;
      if (invoice) {
        const payment = await recordPayment(trx, {
          invoiceId: invoice.id,
          method: "online",
          provider: provider.name,
          providerRef: paid.paymentRef,
          amountMinor: paid.amountMinor,
          receivedAt: now,
        });
        if (payment) ledgerRefundId = (await returnPayment(trx, payment.id, paid.amountMinor, { pending: true })).refundId;
      }
      // The provider is asked by the job, after this commits (decision 094): retried until it answers.
      await enqueue(
        trx,
        refundReturnJob,
        {
          sessionId: paid.sessionId,
          paymentRef: paid.paymentRef,
          amountMinor: paid.amountMinor,
          ledgerRefundId,
          email: enrolment.email,
          subject: refundedSubject(enrolment.lang, course),
          mail: {
            lang: enrolment.lang,
            sessionId: paid.sessionId,
            course,
            childName: enrolment.child_name,
            amountMinor: paid.amountMinor,
            currency: paid.currency,
          },
        },
        { uniqueKey: `refund-return:${paid.sessionId}`, maxAttempts: 12 },
      );
    }
    return "refunded";
  }

  /**
   * Money that came for an invoice voided meanwhile (issue 38 item 6): it stays recorded as the
   * family's credit, and staff get a task (a notice on the billing desk and the dashboard) to refund
   * it or keep it for the family's next invoice. Once per payment (the notice's UNIQUE key).
   */
  async function creditNotice(trx: Trx, invoiceId: number, paymentId: number): Promise<void> {
    await raisePaymentNotice(trx, {
      kind: "void-invoice-credit",
      key: `void-invoice-credit:${paymentId}`,
      providerRef: paid.paymentRef ?? `session:${paid.sessionId}`,
      invoiceId,
      amountMinor: paid.amountMinor,
      currency: paid.currency.toUpperCase(),
      details: `checkout ${paid.sessionId}`,
    });
  }

  /**
   * The provider took another amount or currency than the checkout asked (decision 094): the seat
   * is not confirmed by it and staff are told. The money is recorded: in the invoice's currency it
   * is a payment on that invoice (what is left stays owed; when nothing is left, the invoice is paid
   * and its seat confirmed like any paid invoice, amended 2026-11-30); in another currency it is the
   * family's credit in that currency (recordPayment: it pays nothing owed; amended 2026-11-28), for
   * staff to refund at the provider or keep. Once per session: the payment by its UNIQUE provider
   * reference, the notice by its UNIQUE key.
   */
  async function mismatch(
    trx: Trx,
    asked: { id: number; kind: string; invoice_id: number | null; enrolment_id: number | null; amount_minor: number; currency: string; status: string },
    now: string,
  ): Promise<PaidOutcome> {
    const ref = paid.paymentRef ?? `session:${paid.sessionId}`;
    await trx
      .updateTable("payment_checkouts")
      .set({ payment_ref: paid.paymentRef, paid_amount_minor: paid.amountMinor, paid_currency: paid.currency, paid_at: now, updated_at: now })
      .where("id", "=", asked.id)
      .where("paid_at", "is", null)
      .execute();
    const invoice =
      asked.invoice_id !== null
        ? await trx.selectFrom("invoices").select(["id", "currency"]).where("id", "=", asked.invoice_id).executeTakeFirst()
        : asked.enrolment_id !== null
          ? await trx.selectFrom("invoices").select(["id", "currency"]).where("enrolment_id", "=", asked.enrolment_id).orderBy("id", "desc").executeTakeFirst()
          : undefined;
    let recorded: Awaited<ReturnType<typeof recordPayment>> = null;
    if (invoice && paid.amountMinor > 0) {
      recorded = await recordPayment(trx, {
        invoiceId: invoice.id,
        method: "online",
        provider: provider.name,
        providerRef: ref,
        amountMinor: paid.amountMinor,
        currency: paid.currency,
        receivedAt: now,
      });
    }
    // Another amount than asked that still leaves nothing owed (a part was paid at the desk meanwhile):
    // the invoice is paid, so its seat is the family's, as any payment in full confirms (decision 100).
    // Unconfirmed, the hold sweep would cancel a paid seat.
    if (invoice && recorded?.invoicePaid) await confirmPaidInvoice(trx, invoice.id, "online");
    await raisePaymentNotice(trx, {
      kind: "amount-mismatch",
      key: `amount-mismatch:${paid.sessionId}`,
      providerRef: ref,
      invoiceId: invoice?.id ?? null,
      amountMinor: paid.amountMinor,
      currency: paid.currency.toUpperCase(),
      details: `checkout ${paid.sessionId} asked ${asked.amount_minor} ${asked.currency.toUpperCase()}; ${recorded?.credit ? "kept as the family's credit" : recorded ? "recorded on the invoice" : "not in the ledger"}`,
    });
    return "mismatch";
  }
}
