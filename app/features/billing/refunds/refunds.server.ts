import type { DB } from "~server/db/db";
import type { Logger } from "~server/logger";
import { recordAudit } from "~server/audit/audit";
import { queueMail } from "~server/mail/mail-queue";
import type { PaymentMethod, RefundState } from "~server/db/schema";
import { BillingRefused, failRefund, issueCreditNote, refundable, settleRefund } from "~/features/billing/ledger.server";
import type { PaymentProvider } from "~/features/billing/payments/payment-provider.server";
import { creditNoteMail, creditNoteMailTemplate } from "./refund-mail.server";

/**
 * Refunds of a payment (issue 31 part 6, decision 092). The amount is reserved first: one
 * transaction takes the invoice's lock, checks what is left of the payment, and issues the numbered
 * credit note with its refund row (pending when the money goes back through the provider). The
 * provider is then asked with no row locked, its Idempotency-Key the credit note's number, and a
 * second short transaction settles the refund (or, refused, cancels the note and reverses its
 * entries; no clear answer leaves it pending for the retry with the same key, decision 094). Two staff clicking at once queue on the invoice's lock: the second sees nothing left.
 */

export interface PaymentForRefund {
  id: number;
  invoiceId: number;
  invoiceNumber: string;
  invoiceStatus: string;
  familyKey: string;
  parentName: string;
  childName: string;
  currency: string;
  method: PaymentMethod;
  amountMinor: number;
  providerRef: string | null;
  receivedAt: string;
  refundableMinor: number;
  refunds: { id: number; amountMinor: number; state: string; creditNoteId: number | null; creditNoteNumber: string | null; at: string }[];
}

/** A payment (money in) with what is left of it to refund and its refunds so far, or undefined. */
export async function paymentForRefund(db: DB, paymentId: number): Promise<PaymentForRefund | undefined> {
  const row = await db
    .selectFrom("payments as p")
    .innerJoin("invoices as i", "i.id", "p.invoice_id")
    .select([
      "p.id",
      "p.invoice_id",
      "i.number",
      "i.status",
      "i.family_key",
      "i.parent_name",
      "i.child_name",
      "p.currency",
      "p.method",
      "p.amount_minor",
      "p.provider_ref",
      "p.received_at",
    ])
    .where("p.id", "=", paymentId)
    .where("p.kind", "=", "payment")
    .executeTakeFirst();
  if (!row) return undefined;
  const refunds = await db
    .selectFrom("payments as r")
    .leftJoin("credit_notes as n", "n.id", "r.credit_note_id")
    .select(["r.id", "r.amount_minor", "r.refund_state", "r.credit_note_id", "n.number", "r.created_at"])
    .where("r.refund_of", "=", paymentId)
    .orderBy("r.id")
    .execute();
  return {
    id: row.id,
    invoiceId: row.invoice_id,
    invoiceNumber: row.number,
    invoiceStatus: row.status,
    familyKey: row.family_key,
    parentName: row.parent_name,
    childName: row.child_name,
    currency: row.currency,
    method: row.method,
    amountMinor: row.amount_minor,
    providerRef: row.provider_ref,
    receivedAt: row.received_at,
    refundableMinor: await refundable(db, row.id, row.invoice_id),
    refunds: refunds.map((r) => ({
      id: r.id,
      amountMinor: r.amount_minor,
      state: r.refund_state,
      creditNoteId: r.credit_note_id,
      creditNoteNumber: r.number,
      at: r.created_at,
    })),
  };
}

export type RefundRefusal = "notFound" | "tooMuch" | "noProvider" | "providerRefused";

export type RefundResult =
  | { ok: true; creditNote: { id: number; number: string }; refundId: number; state: "done" | "pending"; providerRef: string | null }
  | { ok: false; reason: RefundRefusal; refundableMinor?: number };

interface RefundRequest {
  paymentId: number;
  amountMinor: number;
  reason: string;
  staffId: number | null;
}

/** An online payment's provider reference that a refund can name (a checkout without one cannot be refunded there). */
const refundableRef = (ref: string | null) => (ref && !ref.startsWith("session:") ? ref : null);

/** Refunds all or part of a payment: at the desk recorded at once, online through the provider (see the module's comment). */
export async function refundPayment(deps: { db: DB; logger: Logger }, provider: PaymentProvider | null, request: RefundRequest): Promise<RefundResult> {
  const { db } = deps;
  type Reserved = { noteId: number; number: string; refundId: number; online: string | null };
  let reserved: Reserved;
  try {
    reserved = await db.transaction().execute(async (trx) => {
      const payment = await trx
        .selectFrom("payments")
        .select(["id", "invoice_id", "method", "provider_ref"])
        .where("id", "=", request.paymentId)
        .where("kind", "=", "payment")
        .executeTakeFirst();
      if (!payment) throw new BillingRefused("notFound");
      const online = payment.method === "online" ? refundableRef(payment.provider_ref) : null;
      if (payment.method === "online" && (!online || !provider)) throw new NoProvider();
      const note = await issueCreditNote(trx, {
        invoiceId: payment.invoice_id,
        amountMinor: request.amountMinor,
        kind: "refund",
        reason: request.reason,
        createdBy: request.staffId,
        refund: { paymentId: payment.id, pending: online !== null },
      });
      await recordAudit(trx, {
        action: "refund",
        entity: "payment",
        entityId: payment.id,
        name: note.number,
        changes: { refunded_minor: { from: null, to: request.amountMinor } },
        summary: { creditNote: note.number, method: payment.method, reason: request.reason.slice(0, 160) },
        userId: request.staffId,
      });
      // A desk refund is done now: the family hears of it with the note.
      if (online === null) await queueCreditNoteMail(trx, note.id);
      return { noteId: note.id, number: note.number, refundId: note.refundId!, online };
    });
  } catch (error) {
    if (error instanceof NoProvider) return { ok: false, reason: "noProvider" };
    if (error instanceof BillingRefused) {
      if (error.reason === "notFound") return { ok: false, reason: "notFound" };
      const left = await db.selectFrom("payments").select(["invoice_id"]).where("id", "=", request.paymentId).executeTakeFirst();
      return { ok: false, reason: "tooMuch", refundableMinor: left ? await refundable(db, request.paymentId, left.invoice_id) : 0 };
    }
    throw error;
  }
  const creditNote = { id: reserved.noteId, number: reserved.number };
  if (reserved.online === null) return { ok: true, creditNote, refundId: reserved.refundId, state: "done", providerRef: null };
  // No row is locked here. The credit note's number is the idempotency key: asked twice (a retry),
  // the provider answers with its first refund.
  const answer = await provider!.refund(reserved.online, request.amountMinor, reserved.number);
  if (answer.kind === "unknown") {
    // No clear answer (timeout, 5xx, connection): the money may have moved. The refund stays
    // pending with its credit note; retryPendingRefunds asks again with the same key (decision 094).
    deps.logger.warn(
      { paymentId: request.paymentId, creditNote: reserved.number },
      "the payment provider did not confirm a refund; it stays pending and is asked again",
    );
    return { ok: true, creditNote, refundId: reserved.refundId, state: "pending", providerRef: null };
  }
  if (answer.kind === "refused") {
    deps.logger.error(
      { code: answer.code, paymentId: request.paymentId, creditNote: reserved.number },
      "the payment provider refused a refund; its credit note is cancelled",
    );
    await db.transaction().execute(async (trx) => {
      await failRefund(trx, reserved.refundId);
      await recordAudit(trx, { action: "refund-failed", entity: "payment", entityId: request.paymentId, name: reserved.number, userId: request.staffId });
    });
    return { ok: false, reason: "providerRefused" };
  }
  await db.transaction().execute(async (trx) => {
    if (await settleRefund(trx, reserved.refundId, answer.id)) await queueCreditNoteMail(trx, reserved.noteId);
  });
  return { ok: true, creditNote, refundId: reserved.refundId, state: "done", providerRef: answer.id };
}

class NoProvider extends Error {}

/** The family's e-mail of a credit note (their language, the invoice's), with its PDF link. */
export async function queueCreditNoteMail(trx: DB, creditNoteId: number): Promise<void> {
  const note = await trx
    .selectFrom("credit_notes as n")
    .innerJoin("invoices as i", "i.id", "n.invoice_id")
    .select(["n.id", "n.number", "n.amount_minor", "n.currency", "n.lang", "i.number as invoice_number", "i.email", "i.child_name"])
    .where("n.id", "=", creditNoteId)
    .executeTakeFirstOrThrow();
  const mail = creditNoteMail({
    id: note.id,
    number: note.number,
    invoiceNumber: note.invoice_number,
    amountMinor: note.amount_minor,
    currency: note.currency,
    lang: note.lang,
    childName: note.child_name,
  });
  await queueMail(trx, creditNoteMailTemplate, { to: note.email, subject: mail.subject, data: mail.data });
}

/** How many refunds are in each state, over the whole database (GET /metrics' refunds gauge). */
export async function refundCountsByState(db: DB): Promise<Record<RefundState, number>> {
  const rows = await db
    .selectFrom("payments")
    .select((eb) => ["refund_state", eb.fn.countAll<string | number>().as("n")])
    .where("kind", "=", "refund")
    .groupBy("refund_state")
    .execute();
  const count = (state: RefundState) => Number(rows.find((r) => r.refund_state === state)?.n ?? 0);
  return { pending: count("pending"), done: count("done"), failed: count("failed") };
}
