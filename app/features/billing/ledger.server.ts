import { sql } from "kysely";
import type { DB, Trx } from "~server/db/db";
import type { CreditNoteKind, InvoiceSeries, LedgerKind, PaymentMethod } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { getSiteSettings } from "~/features/site/site.server";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { taxNameIn, type PriceLine } from "~/features/billing/discounts/price-lines";
import { familyKeyOf } from "~/features/billing/discounts/promo.server";
import { invoiceTax } from "./invoice-tax";
import { inBoth } from "~/features/messaging/index.server";
import { notifyFamily } from "~/features/push/index.server";
import { formatMoney } from "~/lib/money";

/**
 * The billing core (issue 31, decision 082): every write that changes what a family owes goes
 * through one of these functions, inside the caller's transaction, and posts its ledger entries
 * there. Signs in the ledger: a charge or refund raises the balance; a discount, credit note or
 * payment lowers it. Nothing here calls a payment provider (callers do that after committing).
 */

/** "INV-2026-000042": the next number of a series in a year, gapless. */
export async function nextNumber(trx: Trx, series: InvoiceSeries, year: number): Promise<string> {
  // One upsert raises the counter and returns it: on PostgreSQL the row lock orders concurrent
  // transactions, on SQLite the write lock does; a rollback gives the number back.
  const row = await trx
    .insertInto("invoice_counters")
    .values({ series, year, last: 1 })
    .onConflict((oc) => oc.columns(["series", "year"]).doUpdateSet({ last: sql`invoice_counters.last + 1` }))
    .returning("last")
    .executeTakeFirstOrThrow();
  return `${series}-${year}-${String(row.last).padStart(6, "0")}`;
}

export interface NewInvoice {
  email: string;
  parentName: string;
  userId: number | null;
  lang: "en" | "ar";
  currency: string;
  offer: { kind: "section"; enrolmentId: number } | { kind: "camp"; enrollmentId: number };
  childName: string;
  description: { en: string; ar: string };
  /** As priced (discounts' priceEnrolment): prices positive, discounts negative. */
  lines: readonly PriceLine[];
  /** The due day (academy calendar, YYYY-MM-DD); by default today + the invoiceDueDays setting. */
  dueOn?: string;
}

export interface CreatedInvoice {
  id: number;
  number: string;
  totalMinor: number;
  currency: string;
  familyKey: string;
  dueOn: string;
}

/**
 * Issues the invoice of one enrolment with its lines and ledger entries. Tax follows the settings
 * as they are now and is copied onto the invoice. An enrolment is invoiced once (UNIQUE): a second
 * call returns the existing invoice. Returns null when there is nothing to charge (a free fee).
 */
export async function createInvoice(trx: Trx, invoice: NewInvoice): Promise<CreatedInvoice | null> {
  const existing = await findInvoiceOf(trx, invoice.offer);
  if (existing) return existing;
  const settings = await getSiteSettings(trx);
  const now = new Date();
  const today = zonedParts(now, timeZoneOf(settings)).date;
  const tax = invoiceTax(invoice.lines, settings);
  if (tax.totalMinor <= 0) return null;
  const familyKey = familyKeyOf(invoice.email);
  const number = await nextNumber(trx, "INV", Number(today.slice(0, 4)));
  const at = now.toISOString();
  const dueOn = invoice.dueOn ?? addDays(today, settings.invoiceDueDays);
  const { id } = await trx
    .insertInto("invoices")
    .values({
      number,
      family_key: familyKey,
      email: invoice.email,
      parent_name: invoice.parentName,
      user_id: invoice.userId,
      lang: invoice.lang,
      currency: invoice.currency,
      offer_kind: invoice.offer.kind,
      enrolment_id: invoice.offer.kind === "section" ? invoice.offer.enrolmentId : null,
      camp_enrolment_id: invoice.offer.kind === "camp" ? invoice.offer.enrollmentId : null,
      child_name: invoice.childName,
      description_en: invoice.description.en,
      description_ar: invoice.description.ar,
      total_minor: tax.totalMinor,
      tax_minor: tax.taxMinor,
      // The name in the invoice's language: its PDF, mails and pages are in the family's language.
      tax_name: taxNameIn(settings, invoice.lang),
      tax_rate_bp: settings.taxRateBp,
      tax_registration: settings.taxRegistration,
      tax_inclusive: settings.taxInclusive ? 1 : 0,
      issued_at: at,
      due_on: dueOn,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("invoice_lines")
    .values(
      tax.lines.map((line, index) => ({
        invoice_id: id,
        position: index + 1,
        kind: line.kind,
        label_en: line.label_en,
        label_ar: line.label_ar,
        amount_minor: line.amountMinor,
      })),
    )
    .execute();
  const charged = tax.lines.filter((line) => line.amountMinor > 0).reduce((sum, line) => sum + line.amountMinor, 0);
  // The ledger's discount is what the lines take off, never more than the charge (a free fee is not a credit).
  const discounted = charged - tax.totalMinor;
  await post(trx, { familyKey, currency: invoice.currency, invoiceId: id, kind: "charge", amountMinor: charged, at });
  if (discounted > 0) await post(trx, { familyKey, currency: invoice.currency, invoiceId: id, kind: "discount", amountMinor: -discounted, at });
  return { id, number, totalMinor: tax.totalMinor, currency: invoice.currency, familyKey, dueOn };
}

export async function findInvoiceOf(db: DB, offer: NewInvoice["offer"]): Promise<CreatedInvoice | null> {
  const row = await db
    .selectFrom("invoices")
    .select(["id", "number", "total_minor", "currency", "family_key", "due_on"])
    .$call((q) => (offer.kind === "section" ? q.where("enrolment_id", "=", offer.enrolmentId) : q.where("camp_enrolment_id", "=", offer.enrollmentId)))
    .where("status", "<>", "void")
    .executeTakeFirst();
  return row ? { id: row.id, number: row.number, totalMinor: row.total_minor, currency: row.currency, familyKey: row.family_key, dueOn: row.due_on } : null;
}

/**
 * What is still owed on an invoice: its ledger entries' sum in the invoice's currency (never shown
 * below zero as owed). Money received in another currency sits on the invoice as the family's
 * credit in that currency (recordPayment) and pays none of it.
 */
export async function invoiceOutstanding(db: DB, invoiceId: number): Promise<number> {
  const row = await db
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_minor"), eb.lit(0)).as("sum"))
    .where("invoice_id", "=", invoiceId)
    .where((eb) => eb("currency", "=", eb.selectFrom("invoices").select("currency").where("id", "=", invoiceId)))
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** A family's balance per currency (positive: they owe; negative: the academy owes them). */
export async function familyBalances(db: DB, familyKey: string): Promise<{ currency: string; balanceMinor: number }[]> {
  const rows = await db
    .selectFrom("ledger_entries")
    .select(["currency", (eb) => eb.fn.sum<number>("amount_minor").as("sum")])
    .where("family_key", "=", familyKey)
    .groupBy("currency")
    .orderBy("currency")
    .execute();
  return rows.map((row) => ({ currency: row.currency, balanceMinor: Number(row.sum) }));
}

export class BillingRefused extends Error {
  constructor(readonly reason: "notFound" | "void" | "tooMuch" | "paid" | "notRefundable") {
    super(reason);
  }
}

export interface NewPayment {
  invoiceId: number;
  method: PaymentMethod;
  amountMinor: number;
  /** The provider and its payment id for an online payment: a second report of it records nothing. */
  provider?: string;
  providerRef?: string;
  reference?: string;
  instalmentId?: number | null;
  recordedBy?: number | null;
  receivedAt?: string;
  /** The currency the money came in (online: as the provider reports it); by default the invoice's. */
  currency?: string;
}

/**
 * What recording a payment did. `credit`: the money pays nothing owed and stays the family's credit
 * (it came in another currency than the invoice's, or on a void invoice): the caller tells staff.
 */
export interface RecordedPayment {
  id: number;
  invoicePaid: boolean;
  credit: "currency" | "void" | null;
}

/**
 * Records money received for an invoice and posts it; the invoice is paid once nothing is owed.
 * Returns null when the provider's reference was recorded before (the same payment reported twice).
 * A desk payment above what is owed is refused; an online payment is taken as the provider reports
 * it (the money has moved: an overpayment shows as the academy owing the family). Money in another
 * currency than the invoice's, or on a void invoice, is recorded too, as the family's credit (one
 * balance per currency: it pays nothing owed), so the ledger holds all money moved (issue 38).
 */
export async function recordPayment(trx: DB, payment: NewPayment): Promise<RecordedPayment | null> {
  const invoice = await lockInvoice(trx, payment.invoiceId);
  if (!invoice) throw new BillingRefused("notFound");
  const currency = (payment.currency ?? invoice.currency).toUpperCase();
  const foreign = currency !== invoice.currency.toUpperCase();
  if (payment.method !== "online") {
    if (invoice.status === "void") throw new BillingRefused("void");
    if (payment.amountMinor > (await invoiceOutstanding(trx, invoice.id))) throw new BillingRefused("tooMuch");
  }
  const at = nowIso();
  const inserted = await trx
    .insertInto("payments")
    .values({
      invoice_id: invoice.id,
      family_key: invoice.family_key,
      currency,
      kind: "payment",
      method: payment.method,
      amount_minor: payment.amountMinor,
      provider: payment.provider ?? null,
      provider_ref: payment.providerRef ?? null,
      reference: payment.reference ?? "",
      instalment_id: payment.instalmentId ?? null,
      refund_of: null,
      credit_note_id: null,
      recorded_by: payment.recordedBy ?? null,
      received_at: payment.receivedAt ?? at,
      created_at: at,
    })
    .onConflict((oc) => oc.column("provider_ref").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return null;
  await post(trx, {
    familyKey: invoice.family_key,
    currency,
    invoiceId: invoice.id,
    kind: "payment",
    amountMinor: -payment.amountMinor,
    paymentId: inserted.id,
    at,
  });
  // The receipt on WhatsApp or SMS and the phones, for guardians who chose them (decisions 127, 143); the e-mails stay as they were.
  const family = await trx.selectFrom("invoices").select(["email", "number"]).where("id", "=", invoice.id).executeTakeFirstOrThrow();
  await notifyFamily(trx, {
    event: `receipt:${inserted.id}`,
    email: family.email,
    template: "receipt",
    params: { number: family.number, ...inBoth("amount", (lang) => formatMoney(payment.amountMinor, currency, lang)) },
    ownMail: true,
    push: { category: "invoice", url: "/account/invoices" },
  });
  if (foreign) return { id: inserted.id, invoicePaid: false, credit: "currency" };
  const invoicePaid = await settleStatus(trx, invoice.id, invoice.status, at);
  return { id: inserted.id, invoicePaid, credit: invoice.status === "void" ? "void" : null };
}

export interface NewCreditNote {
  invoiceId: number;
  amountMinor: number;
  kind: CreditNoteKind;
  reason?: string;
  createdBy?: number | null;
  /**
   * The payment it refunds, and how the money goes back (the provider's refund id when online).
   * `pending`: reserved before the provider is asked (decision 092); settleRefund or failRefund ends it.
   */
  refund?: { paymentId: number; providerRef?: string | null; pending?: boolean };
}

/**
 * Issues a numbered credit note lowering an invoice, and, for a refund, records the money going
 * back (a refund row tied to the payment and the note). A refund may not exceed what is left of
 * the payment after earlier refunds; a credit note may not exceed what the invoice charged less
 * earlier notes. Returns the note's id and number.
 */
export async function issueCreditNote(trx: Trx, note: NewCreditNote): Promise<{ id: number; number: string; refundId: number | null }> {
  const invoice = await lockInvoice(trx, note.invoiceId);
  if (!invoice) throw new BillingRefused("notFound");
  if (note.amountMinor <= 0 || note.amountMinor > (await creditable(trx, invoice.id))) throw new BillingRefused("tooMuch");
  if (note.refund && note.amountMinor > (await refundable(trx, note.refund.paymentId, invoice.id))) throw new BillingRefused("notRefundable");
  // A note is in the invoice's currency: money taken in another one goes back by returnPayment.
  if (
    note.refund &&
    (await trx.selectFrom("payments").select("currency").where("id", "=", note.refund.paymentId).executeTakeFirstOrThrow()).currency !== invoice.currency
  )
    throw new BillingRefused("notRefundable");
  // A note that gives no money back only lowers what is still owed: it never turns into a credit.
  if (!note.refund && note.amountMinor > (await invoiceOutstanding(trx, invoice.id))) throw new BillingRefused("tooMuch");
  const settings = await getSiteSettings(trx);
  const at = nowIso();
  const number = await nextNumber(trx, "CN", Number(zonedParts(at, timeZoneOf(settings)).date.slice(0, 4)));
  const { id } = await trx
    .insertInto("credit_notes")
    .values({
      number,
      invoice_id: invoice.id,
      family_key: invoice.family_key,
      currency: invoice.currency,
      amount_minor: note.amountMinor,
      kind: note.kind,
      reason: note.reason ?? "",
      lang: invoice.lang,
      created_by: note.createdBy ?? null,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await post(trx, {
    familyKey: invoice.family_key,
    currency: invoice.currency,
    invoiceId: invoice.id,
    kind: "credit_note",
    amountMinor: -note.amountMinor,
    creditNoteId: id,
    at,
  });
  let refundId: number | null = null;
  if (note.refund) {
    const paid = await trx.selectFrom("payments").select(["method", "provider"]).where("id", "=", note.refund.paymentId).executeTakeFirstOrThrow();
    const refund = await trx
      .insertInto("payments")
      .values({
        invoice_id: invoice.id,
        family_key: invoice.family_key,
        currency: invoice.currency,
        kind: "refund",
        method: paid.method,
        amount_minor: note.amountMinor,
        provider: paid.provider,
        provider_ref: note.refund.providerRef ?? null,
        reference: "",
        instalment_id: null,
        refund_of: note.refund.paymentId,
        credit_note_id: id,
        recorded_by: note.createdBy ?? null,
        received_at: at,
        created_at: at,
        refund_state: note.refund.pending ? "pending" : "done",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    refundId = refund.id;
    await post(trx, {
      familyKey: invoice.family_key,
      currency: invoice.currency,
      invoiceId: invoice.id,
      kind: "refund",
      amountMinor: note.amountMinor,
      paymentId: refund.id,
      creditNoteId: id,
      at,
    });
  }
  if (note.kind === "void") await trx.updateTable("invoices").set({ status: "void", updated_at: at }).where("id", "=", invoice.id).execute();
  else await settleStatus(trx, invoice.id, invoice.status, at);
  return { id, number, refundId };
}

/**
 * Voids what is still owed on an enrolment's invoice (a hold that ran out, a cancelled enrolment)
 * with a credit note of that amount. Money already paid stays recorded: refunding it is a refund.
 */
export async function voidInvoiceOf(trx: Trx, offer: NewInvoice["offer"], reason: string, createdBy: number | null = null): Promise<{ number: string } | null> {
  const invoice = await findInvoiceOf(trx, offer);
  if (!invoice) return null;
  // Locked before what is owed is read: a payment committed between an unlocked read and the note's
  // own lock made the note larger than what was left ("tooMuch"), failing the whole hold sweep.
  await lockInvoice(trx, invoice.id);
  const owed = await invoiceOutstanding(trx, invoice.id);
  if (owed <= 0) return null;
  const note = await issueCreditNote(trx, {
    invoiceId: invoice.id,
    amountMinor: Math.min(owed, await creditable(trx, invoice.id)),
    kind: "void",
    reason,
    createdBy,
  });
  return { number: note.number };
}

/**
 * A new invoice like the enrolment's last void one (same lines, tax as set now): the enrolment is
 * live again (a payment that came after its hold ran out, while a seat was still free).
 */
export async function reissueInvoiceOf(trx: Trx, offer: NewInvoice["offer"]): Promise<CreatedInvoice | null> {
  const live = await findInvoiceOf(trx, offer);
  if (live) return live;
  const last = await trx
    .selectFrom("invoices")
    .selectAll()
    .$call((q) => (offer.kind === "section" ? q.where("enrolment_id", "=", offer.enrolmentId) : q.where("camp_enrolment_id", "=", offer.enrollmentId)))
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!last) return null;
  const lines = await trx
    .selectFrom("invoice_lines")
    .select(["kind", "label_en", "label_ar", "amount_minor"])
    .where("invoice_id", "=", last.id)
    .where("kind", "<>", "tax")
    .orderBy("position")
    .execute();
  return createInvoice(trx, {
    email: last.email,
    parentName: last.parent_name,
    userId: last.user_id,
    lang: last.lang,
    currency: last.currency,
    offer,
    childName: last.child_name,
    description: { en: last.description_en, ar: last.description_ar },
    lines: lines.map((line) => ({ kind: line.kind, label_en: line.label_en, label_ar: line.label_ar, amountMinor: line.amount_minor })),
  });
}

/**
 * The provider has the money back: the pending refund gets its refund id and is done. False when
 * it was not pending (settled or failed before: nothing changes).
 */
export async function settleRefund(trx: DB, refundId: number, providerRef: string | null): Promise<boolean> {
  const changed = await trx
    .updateTable("payments")
    .set({ refund_state: "done", provider_ref: providerRef })
    .where("id", "=", refundId)
    .where("kind", "=", "refund")
    .where("refund_state", "=", "pending")
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/**
 * The provider refused a pending refund: it is marked failed, its credit note cancelled (the number
 * stays used), and both ledger entries are reversed, so the balance is what it was before and the
 * payment may be refunded again. False when it was not pending. `reopen`: a refund that was done
 * failed later at the provider (its `refund.updated` event, decision 094) is undone the same way.
 */
export async function failRefund(trx: DB, refundId: number, options: { reopen?: boolean } = {}): Promise<boolean> {
  const refund = await trx
    .selectFrom("payments")
    .select(["invoice_id", "family_key", "currency", "amount_minor", "credit_note_id"])
    .where("id", "=", refundId)
    .where("kind", "=", "refund")
    .executeTakeFirst();
  if (!refund) return false;
  const invoice = await lockInvoice(trx, refund.invoice_id);
  const changed = await trx
    .updateTable("payments")
    .set({ refund_state: "failed" })
    .where("id", "=", refundId)
    .where("refund_state", "in", options.reopen ? ["pending", "done"] : ["pending"])
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1 || !invoice) return false;
  const at = nowIso();
  const entry = { familyKey: refund.family_key, currency: refund.currency, invoiceId: refund.invoice_id, at };
  await post(trx, { ...entry, kind: "refund", amountMinor: -refund.amount_minor, paymentId: refundId, creditNoteId: refund.credit_note_id ?? undefined });
  if (refund.credit_note_id !== null) {
    await trx.updateTable("credit_notes").set({ cancelled_at: at }).where("id", "=", refund.credit_note_id).execute();
    await post(trx, { ...entry, kind: "credit_note", amountMinor: refund.amount_minor, creditNoteId: refund.credit_note_id });
  }
  await settleStatus(trx, invoice.id, invoice.status, at);
  return true;
}

/**
 * Money the academy gives back without a credit note: an online payment that came when no seat was
 * left for it, or a second payment of a paid enrolment (decision 092). The payment was recorded
 * (recordPayment) and left the family in credit; this refund row brings the balance back. Pending
 * until the provider has it (settleRefund / failRefund).
 */
export async function returnPayment(
  trx: DB,
  paymentId: number,
  amountMinor: number,
  options: { pending?: boolean; createdBy?: number | null } = {},
): Promise<{ refundId: number }> {
  const paid = await trx
    .selectFrom("payments")
    .select(["invoice_id", "method", "provider", "currency"])
    .where("id", "=", paymentId)
    .where("kind", "=", "payment")
    .executeTakeFirst();
  if (!paid) throw new BillingRefused("notFound");
  const invoice = await lockInvoice(trx, paid.invoice_id);
  if (!invoice) throw new BillingRefused("notFound");
  if (amountMinor <= 0 || amountMinor > (await refundable(trx, paymentId, invoice.id))) throw new BillingRefused("notRefundable");
  const at = nowIso();
  const { id } = await trx
    .insertInto("payments")
    .values({
      invoice_id: invoice.id,
      family_key: invoice.family_key,
      // The money goes back in the currency it came in (a payment in another currency is credit in that one).
      currency: paid.currency,
      kind: "refund",
      method: paid.method,
      amount_minor: amountMinor,
      provider: paid.provider,
      provider_ref: null,
      reference: "",
      instalment_id: null,
      refund_of: paymentId,
      credit_note_id: null,
      recorded_by: options.createdBy ?? null,
      received_at: at,
      created_at: at,
      refund_state: options.pending ? "pending" : "done",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await post(trx, { familyKey: invoice.family_key, currency: paid.currency, invoiceId: invoice.id, kind: "refund", amountMinor, paymentId: id, at });
  await settleStatus(trx, invoice.id, invoice.status, at);
  return { refundId: id };
}

/** What credit notes may still take off an invoice: its total less the notes issued (a cancelled one does not count). */
async function creditable(db: DB, invoiceId: number): Promise<number> {
  const row = await db
    .selectFrom("invoices as i")
    .select((eb) => [
      "i.total_minor",
      eb.fn
        .coalesce(
          eb
            .selectFrom("credit_notes as n")
            .select((n) => n.fn.sum<number>("n.amount_minor").as("s"))
            .whereRef("n.invoice_id", "=", "i.id")
            .where("n.cancelled_at", "is", null),
          eb.lit(0),
        )
        .as("credited"),
    ])
    .where("i.id", "=", invoiceId)
    .executeTakeFirstOrThrow();
  return row.total_minor - Number(row.credited);
}

/** What is left of a payment of this invoice after its refunds, pending ones included, failed ones not (0 when it is not such a payment). */
export async function refundable(db: DB, paymentId: number, invoiceId: number): Promise<number> {
  const payment = await db
    .selectFrom("payments")
    .select(["amount_minor"])
    .where("id", "=", paymentId)
    .where("invoice_id", "=", invoiceId)
    .where("kind", "=", "payment")
    .executeTakeFirst();
  if (!payment) return 0;
  const refunded = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_minor"), eb.lit(0)).as("sum"))
    .where("refund_of", "=", paymentId)
    .where("refund_state", "<>", "failed")
    .executeTakeFirstOrThrow();
  return payment.amount_minor - Number(refunded.sum);
}

/**
 * Takes the invoice row's lock before reading what is owed, so two writes to one invoice queue
 * (PostgreSQL's FOR UPDATE; SQLite's transactions already hold the single write lock).
 */
export async function lockInvoice(trx: DB, invoiceId: number) {
  await trx
    .updateTable("invoices")
    .set({ updated_at: sql`updated_at` })
    .where("id", "=", invoiceId)
    .execute();
  return trx.selectFrom("invoices").select(["id", "family_key", "currency", "status", "lang"]).where("id", "=", invoiceId).executeTakeFirst();
}

/** Open ↔ paid as the ledger says; a void invoice stays void. Returns whether it is paid. */
async function settleStatus(trx: DB, invoiceId: number, status: string, at: string): Promise<boolean> {
  if (status === "void") return false;
  const paid = (await invoiceOutstanding(trx, invoiceId)) <= 0;
  const next = paid ? "paid" : "open";
  if (next !== status) await trx.updateTable("invoices").set({ status: next, updated_at: at }).where("id", "=", invoiceId).execute();
  return paid;
}

async function post(
  trx: DB,
  entry: {
    familyKey: string;
    currency: string;
    invoiceId: number;
    kind: LedgerKind;
    amountMinor: number;
    paymentId?: number;
    creditNoteId?: number;
    at: string;
  },
): Promise<void> {
  await trx
    .insertInto("ledger_entries")
    .values({
      family_key: entry.familyKey,
      currency: entry.currency,
      invoice_id: entry.invoiceId,
      kind: entry.kind,
      amount_minor: entry.amountMinor,
      payment_id: entry.paymentId ?? null,
      credit_note_id: entry.creditNoteId ?? null,
      created_at: entry.at,
    })
    .execute();
}
