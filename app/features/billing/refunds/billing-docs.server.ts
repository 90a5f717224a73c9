import type { DB } from "~server/db/db";
import { getSiteSettings } from "~/features/site/site.server";
import { invoiceOutstanding } from "~/features/billing/ledger.server";
import type { SiteSettings } from "~/features/site/settings.schema";
import type { Lang } from "~/i18n/lang";

/** What an invoice's PDF shows (decision 092), read in one place for the staff and family routes. */
export interface InvoiceDocument {
  kind: "invoice";
  lang: Lang;
  settings: SiteSettings;
  invoice: {
    id: number;
    number: string;
    familyKey: string;
    email: string;
    parentName: string;
    childName: string;
    description: { en: string; ar: string };
    currency: string;
    totalMinor: number;
    taxMinor: number;
    taxName: string;
    taxRateBp: number;
    taxRegistration: string;
    taxInclusive: boolean;
    status: string;
    issuedAt: string;
    dueOn: string;
  };
  lines: { kind: string; label: { en: string; ar: string }; amountMinor: number }[];
  instalments: { position: number; dueOn: string; amountMinor: number }[];
  /** Money in (positive) and out (refunds, negative), in order. */
  payments: { kind: "payment" | "refund"; method: string; amountMinor: number; at: string; state: string }[];
  creditNotes: { number: string; amountMinor: number; at: string; cancelled: boolean }[];
  balanceMinor: number;
}

export interface CreditNoteDocument {
  kind: "creditNote";
  lang: Lang;
  settings: SiteSettings;
  invoice: InvoiceDocument["invoice"];
  note: { id: number; number: string; amountMinor: number; reason: string; kind: string; at: string; cancelled: boolean; refundMethod: string | null };
}

async function invoiceRow(db: DB, id: number) {
  const row = await db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    lang: row.lang,
    invoice: {
      id: row.id,
      number: row.number,
      familyKey: row.family_key,
      email: row.email,
      parentName: row.parent_name,
      childName: row.child_name,
      description: { en: row.description_en, ar: row.description_ar },
      currency: row.currency,
      totalMinor: row.total_minor,
      taxMinor: row.tax_minor,
      taxName: row.tax_name,
      taxRateBp: row.tax_rate_bp,
      taxRegistration: row.tax_registration,
      taxInclusive: row.tax_inclusive === 1,
      status: row.status,
      issuedAt: row.issued_at,
      dueOn: row.due_on,
    },
  };
}

/** The invoice with its lines, instalments, payments, credit notes and balance; `lang` overrides the family's. */
export async function invoiceDocument(db: DB, id: number, lang?: Lang): Promise<InvoiceDocument | undefined> {
  const base = await invoiceRow(db, id);
  if (!base) return undefined;
  const [lines, instalments, payments, notes] = await Promise.all([
    db.selectFrom("invoice_lines").select(["kind", "label_en", "label_ar", "amount_minor"]).where("invoice_id", "=", id).orderBy("position").execute(),
    db.selectFrom("invoice_instalments").select(["position", "due_on", "amount_minor"]).where("invoice_id", "=", id).orderBy("position").execute(),
    db.selectFrom("payments").select(["kind", "method", "amount_minor", "received_at", "refund_state"]).where("invoice_id", "=", id).orderBy("id").execute(),
    db.selectFrom("credit_notes").select(["number", "amount_minor", "created_at", "cancelled_at"]).where("invoice_id", "=", id).orderBy("id").execute(),
  ]);
  return {
    kind: "invoice",
    lang: lang ?? base.lang,
    settings: await getSiteSettings(db),
    invoice: base.invoice,
    lines: lines.map((l) => ({ kind: l.kind, label: { en: l.label_en, ar: l.label_ar }, amountMinor: l.amount_minor })),
    instalments: instalments.map((i) => ({ position: i.position, dueOn: i.due_on, amountMinor: i.amount_minor })),
    payments: payments
      .filter((p) => p.refund_state !== "failed")
      .map((p) => ({
        kind: p.kind,
        method: p.method,
        amountMinor: p.kind === "refund" ? -p.amount_minor : p.amount_minor,
        at: p.received_at,
        state: p.refund_state,
      })),
    creditNotes: notes.map((n) => ({ number: n.number, amountMinor: n.amount_minor, at: n.created_at, cancelled: n.cancelled_at !== null })),
    balanceMinor: await invoiceOutstanding(db, id),
  };
}

export async function creditNoteDocument(db: DB, id: number, lang?: Lang): Promise<CreditNoteDocument | undefined> {
  const note = await db.selectFrom("credit_notes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!note) return undefined;
  const base = await invoiceRow(db, note.invoice_id);
  if (!base) return undefined;
  const refund = await db.selectFrom("payments").select("method").where("credit_note_id", "=", id).where("kind", "=", "refund").executeTakeFirst();
  return {
    kind: "creditNote",
    lang: lang ?? note.lang,
    settings: await getSiteSettings(db),
    invoice: base.invoice,
    note: {
      id: note.id,
      number: note.number,
      amountMinor: note.amount_minor,
      reason: note.reason,
      kind: note.kind,
      at: note.created_at,
      cancelled: note.cancelled_at !== null,
      refundMethod: refund?.method ?? null,
    },
  };
}

/** Whose an invoice or credit note is (the invoice's account and family e-mail), for the one ownership rule (account-owner.server). */
export async function familyOf(db: DB, kind: "invoice" | "creditNote", id: number): Promise<{ userId: number | null; email: string } | undefined> {
  const invoiceId = kind === "invoice" ? id : (await db.selectFrom("credit_notes").select("invoice_id").where("id", "=", id).executeTakeFirst())?.invoice_id;
  if (invoiceId === undefined) return undefined;
  const row = await db.selectFrom("invoices").select(["user_id", "family_key"]).where("id", "=", invoiceId).executeTakeFirst();
  return row ? { userId: row.user_id, email: row.family_key } : undefined;
}
