import type { DB, Trx } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { queueMail } from "~server/mail/mail-queue";
import { pick } from "~/i18n/localized";
import { confirmPayment } from "~/features/enrolments/enrolments.server";
import { failRefund, findInvoiceOf, recordPayment, returnPayment, settleRefund } from "~/features/billing/ledger.server";
import { confirmPaidInvoice } from "~/features/billing/enrolment-billing.server";
import type { PaymentProvider } from "./payment-provider.server";
import { PAYMENT_REFUNDED_MAIL, refundedSubject, type RefundedMail } from "./payment-mail.server";

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
 * `duplicate` (this event or this session's payment was recorded before), `unknown` (not our session).
 */
export type PaidOutcome = "confirmed" | "late-confirmed" | "refunded" | "duplicate" | "unknown";

class Duplicate extends Error {}

/**
 * THE one place a paid checkout is confirmed (issue 31 contract): the webhook and the family's return
 * both call it, any number of times, in any order, on any instance. In one transaction: the event's
 * id is inserted (UNIQUE: the same event twice is a duplicate), the checkout goes open → paid by a
 * conditional UPDATE (one payment per session, whatever the events), then the enrolment's hold is
 * cleared by another (confirmed once). A payment arriving after the hold ran out takes a seat again
 * while one is free (the seat helper's conditional UPDATE), else it is refunded. A confirmed payment
 * is recorded on the enrolment's invoice (recordPayment: once per provider reference).
 */
export async function onCheckoutPaid(db: DB, provider: PaymentProvider, paid: PaidCheckout): Promise<PaidOutcome> {
  let refund: { paymentRef: string; mail: RefundedMail; email: string; subject: string; ledgerRefundId: number | null } | undefined;
  let outcome: PaidOutcome;
  try {
    outcome = await db.transaction().execute(async (trx) => {
      const now = nowIso();
      if (paid.eventId) {
        const stored = await trx
          .insertInto("payment_events")
          .values({ provider: provider.name, event_id: paid.eventId, event_type: paid.eventType ?? "checkout.session.completed", session_id: paid.sessionId, outcome: "pending", created_at: now })
          .onConflict((oc) => oc.column("event_id").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!stored) throw new Duplicate();
      }
      const decided = await decide(trx, now);
      if (paid.eventId) await trx.updateTable("payment_events").set({ outcome: decided }).where("event_id", "=", paid.eventId).execute();
      return decided;
    });
  } catch (error) {
    if (error instanceof Duplicate) return "duplicate";
    throw error;
  }
  if (refund) {
    // After the commit: the provider is never called while rows are locked. The checkout already
    // says paid (the money is recorded once); refunded once the provider has it back.
    // The session is the idempotency key: a retry of this refund is the same refund at the provider.
    let refundId: string;
    try {
      refundId = (await provider.refund(refund.paymentRef, paid.amountMinor, `return-${paid.sessionId}`)).refundId;
    } catch (error) {
      // Refused: the money stays with the academy; the ledger shows the family in credit (decision 092).
      const ledgerRefundId = refund.ledgerRefundId;
      if (ledgerRefundId !== null) await db.transaction().execute((trx) => failRefund(trx, ledgerRefundId));
      throw error;
    }
    await db.transaction().execute(async (trx) => {
      if (refund!.ledgerRefundId !== null) await settleRefund(trx, refund!.ledgerRefundId, refundId);
      const changed = await trx.updateTable("payment_checkouts").set({ status: "refunded", updated_at: nowIso() }).where("session_id", "=", paid.sessionId).where("status", "=", "paid").executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 1) await queueMail<RefundedMail>(trx, { template: PAYMENT_REFUNDED_MAIL, to: refund!.email, subject: refund!.subject, data: refund!.mail });
    });
  }
  return outcome;

  async function decide(trx: Trx, now: string): Promise<PaidOutcome> {
    const checkout = await trx
      .updateTable("payment_checkouts")
      .set({ status: "paid", payment_ref: paid.paymentRef, paid_amount_minor: paid.amountMinor, paid_at: now, updated_at: now })
      .where("session_id", "=", paid.sessionId)
      .where("status", "in", ["open", "expired"])
      .returningAll()
      .executeTakeFirst();
    if (!checkout) {
      const known = await trx.selectFrom("payment_checkouts").select("id").where("session_id", "=", paid.sessionId).executeTakeFirst();
      return known ? "duplicate" : "unknown";
    }
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
      // Paid in full: a seat still held for it is the family's (decision 100).
      if (recorded?.invoicePaid) await confirmPaidInvoice(trx, checkout.invoice_id, "online");
      return "confirmed";
    }
    if (checkout.enrolment_id === null) return "confirmed";
    const enrolment = await trx
      .selectFrom("section_enrolments as e")
      .innerJoin("course_sections as s", "s.id", "e.section_id")
      .innerJoin("courses as c", "c.id", "s.course_id")
      .select(["e.id", "e.email", "e.lang", "e.child_name", "c.name_en", "c.name_ar"])
      .where("e.id", "=", checkout.enrolment_id)
      .executeTakeFirstOrThrow();
    const course = pick(enrolment, "name", enrolment.lang);
    // The payment on the enrolment's invoice (decision 082), once per provider reference.
    const payInvoice = async () => {
      const invoice = await findInvoiceOf(trx, { kind: "section", enrolmentId: enrolment.id });
      if (invoice) await recordPayment(trx, { invoiceId: invoice.id, method: "online", provider: provider.name, providerRef: paid.paymentRef ?? `session:${paid.sessionId}`, amountMinor: paid.amountMinor, receivedAt: now });
    };
    // Held and unpaid until now: the seat is the family's; run out: a seat again if one is free and
    // the child holds none (the enrolments feature decides both, decision 100; its subscribers send
    // the confirmation and issue the voided invoice again).
    const confirmed = await confirmPayment(trx, { offerKind: "section", id: enrolment.id }, "online");
    if (confirmed === "confirmed" || confirmed === "late-confirmed") {
      await payInvoice();
      return confirmed;
    }
    // No seat for this payment (or the enrolment was paid already): it goes back. The ledger records
    // the payment on the enrolment's invoice (voided by the sweep, or paid already) and its return,
    // pending until the provider has it, so the family's balance is right whatever happens next.
    if (paid.paymentRef) {
      const invoice =
        (await findInvoiceOf(trx, { kind: "section", enrolmentId: enrolment.id })) ??
        (await trx.selectFrom("invoices").select("id").where("enrolment_id", "=", enrolment.id).orderBy("id", "desc").executeTakeFirst());
      let ledgerRefundId: number | null = null;
      if (invoice) {
        const payment = await recordPayment(trx, { invoiceId: invoice.id, method: "online", provider: provider.name, providerRef: paid.paymentRef, amountMinor: paid.amountMinor, receivedAt: now });
        if (payment) ledgerRefundId = (await returnPayment(trx, payment.id, paid.amountMinor, { pending: true })).refundId;
      }
      refund = {
        ledgerRefundId,
        paymentRef: paid.paymentRef,
        email: enrolment.email,
        subject: refundedSubject(enrolment.lang, course),
        mail: { lang: enrolment.lang, sessionId: paid.sessionId, course, childName: enrolment.child_name, amountMinor: paid.amountMinor, currency: paid.currency },
      };
    }
    return "refunded";
  }
}
