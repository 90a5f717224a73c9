import { sql } from "kysely";
import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";
import { ownedBy, ownerOf, type Owner } from "~/features/family/account-owner.server";
import { enrolmentPaymentLink } from "~/features/enrolments/links.server";
import { accountCreditNotePdfPath, accountInvoicePdfPath } from "~/features/billing/paths";
import { enrolmentPaymentPath } from "~/features/billing/paths";
import { zonedParts } from "~/lib/zoned-time";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { overdueFlagSql, owedShown, owedSql } from "~/features/billing/rules";
import type { AccountInvoice, AccountInvoices } from "./money-types";

/** The newest invoices one family sees; a family has a handful a year, so this is never reached in practice. */
export const MAX_ACCOUNT_INVOICES = 500;

export type { AccountInvoice, AccountInvoices, InvoiceShownStatus } from "./money-types";

/**
 * The invoices that are the account's (decision 093): those issued while signed in (user_id), or
 * to its e-mail once proven (family_key, the lower-cased e-mail; decision 026's rule, so an
 * unproven address never reveals another family's bills).
 */
const ownInvoices = (owner: Owner) => ownedBy("i", owner, "family_key");

export async function accountInvoices(
  db: DB,
  userId: number,
  lang: Lang,
  options: { linkSecret: string; onlinePayment: boolean; now?: Date },
): Promise<AccountInvoices> {
  const owner = await ownerOf(db, userId);
  const now = options.now ?? new Date();
  const timeZone = await academyTimeZone(db);
  const today = zonedParts(now, timeZone).date;
  const rows = await db
    .selectFrom("invoices as i")
    .leftJoin("section_enrolments as e", "e.id", "i.enrolment_id")
    .select((eb) => [
      "i.id",
      "i.number",
      "i.child_name",
      "i.description_en",
      "i.description_ar",
      "i.issued_at",
      "i.due_on",
      "i.currency",
      "i.total_minor",
      "i.status",
      "e.id as enrolment_id",
      "e.reference as enrolment_reference",
      "e.status as enrolment_status",
      "e.payment_hold_until",
      owedSql(eb).as("outstanding"),
      overdueFlagSql(eb, today).as("overdue"),
      eb.fn
        .coalesce(
          // A refund the provider refused (failed) gave nothing back (decision 092).
          eb
            .selectFrom("payments as p")
            .select((p) => p.fn.sum<number>(sql<number>`case when p.kind = 'payment' then p.amount_minor else -p.amount_minor end`).as("s"))
            .whereRef("p.invoice_id", "=", "i.id")
            .where("p.refund_state", "<>", "failed"),
          eb.lit(0),
        )
        .as("paid"),
    ])
    .where(ownInvoices(owner))
    .orderBy("i.issued_at", "desc")
    .orderBy("i.id", "desc")
    .limit(MAX_ACCOUNT_INVOICES)
    .execute();
  const ids = rows.map((r) => r.id);
  const notes =
    ids.length === 0
      ? []
      : await db.selectFrom("credit_notes").select(["id", "invoice_id", "number", "amount_minor"]).where("invoice_id", "in", ids).orderBy("id").execute();
  const nowIso = now.toISOString();
  const invoices = rows.map((row): AccountInvoice => {
    const outstanding = owedShown(Number(row.outstanding));
    // One rule for overdue (billing/rules.ts), as the desk and the dashboard read it.
    const overdue = Number(row.overdue) === 1;
    const held =
      row.status === "open" &&
      row.enrolment_id !== null &&
      row.enrolment_status === "enrolled" &&
      row.payment_hold_until !== null &&
      row.payment_hold_until > nowIso;
    return {
      id: row.id,
      number: row.number,
      childName: row.child_name,
      description: lang === "ar" ? row.description_ar : row.description_en,
      issuedOn: zonedParts(row.issued_at, timeZone).date,
      dueOn: row.due_on,
      currency: row.currency,
      totalMinor: row.total_minor,
      paidMinor: Number(row.paid),
      outstandingMinor: outstanding,
      status: overdue ? "overdue" : row.status,
      pdfUrl: accountInvoicePdfPath(row.id, lang),
      creditNotes: notes
        .filter((n) => n.invoice_id === row.id)
        .map((n) => ({ id: n.id, number: n.number, amountMinor: n.amount_minor, pdfUrl: accountCreditNotePdfPath(n.id, lang) })),
      payUrl:
        held && options.onlinePayment && row.enrolment_reference !== null
          ? enrolmentPaymentPath(enrolmentPaymentLink.token(options.linkSecret, { id: row.enrolment_id!, reference: row.enrolment_reference }), lang)
          : null,
    };
  });
  return { invoices, balances: await ownBalances(db, owner) };
}

/**
 * The balance per currency over the account's invoices' ledger entries. For a proven account whose
 * invoices all carry its e-mail this is familyBalances(family_key) exactly; the id branch adds what
 * was invoiced to the account under an e-mail it no longer has.
 */
async function ownBalances(db: DB, owner: Owner) {
  const rows = await db
    .selectFrom("ledger_entries as l")
    .innerJoin("invoices as i", "i.id", "l.invoice_id")
    .select(["l.currency", (eb) => eb.fn.sum<number>("l.amount_minor").as("sum")])
    .where(ownInvoices(owner))
    .groupBy("l.currency")
    .orderBy("l.currency")
    .execute();
  return rows.map((row) => ({ currency: row.currency, balanceMinor: Number(row.sum) }));
}

/** The family's billing records for "download my data" (decision 093): invoices with lines, payments and refunds, credit notes. */
export async function billingExport(db: DB, userId: number) {
  const owner = await ownerOf(db, userId);
  const invoices = await db.selectFrom("invoices as i").selectAll("i").where(ownInvoices(owner)).orderBy("i.id").limit(MAX_ACCOUNT_INVOICES).execute();
  const ids = invoices.map((i) => i.id);
  if (ids.length === 0) return { invoices: [], payments: [], creditNotes: [] };
  const [lines, payments, notes] = await Promise.all([
    db
      .selectFrom("invoice_lines")
      .select(["invoice_id", "kind", "label_en", "label_ar", "amount_minor"])
      .where("invoice_id", "in", ids)
      .orderBy("invoice_id")
      .orderBy("position")
      .execute(),
    db
      .selectFrom("payments")
      .select(["id", "invoice_id", "kind", "method", "currency", "amount_minor", "reference", "refund_of", "received_at"])
      .where("invoice_id", "in", ids)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("credit_notes")
      .select(["number", "invoice_id", "kind", "currency", "amount_minor", "reason", "created_at"])
      .where("invoice_id", "in", ids)
      .orderBy("id")
      .execute(),
  ]);
  const numberOf = new Map(invoices.map((i) => [i.id, i.number]));
  return {
    invoices: invoices.map((i) => ({
      number: i.number,
      status: i.status,
      parentName: i.parent_name,
      email: i.email,
      childName: i.child_name,
      description: i.description_en,
      currency: i.currency,
      totalMinor: i.total_minor,
      taxMinor: i.tax_minor,
      taxName: i.tax_name,
      issuedAt: i.issued_at,
      dueOn: i.due_on,
      language: i.lang,
      lines: lines.filter((l) => l.invoice_id === i.id).map((l) => ({ kind: l.kind, label: l.label_en, amountMinor: l.amount_minor })),
    })),
    payments: payments.map((p) => ({
      invoice: numberOf.get(p.invoice_id) ?? null,
      kind: p.kind,
      method: p.method,
      currency: p.currency,
      amountMinor: p.amount_minor,
      reference: p.reference,
      refundOfPayment: p.refund_of,
      id: p.id,
      receivedAt: p.received_at,
    })),
    creditNotes: notes.map((n) => ({
      number: n.number,
      invoice: numberOf.get(n.invoice_id) ?? null,
      kind: n.kind,
      currency: n.currency,
      amountMinor: n.amount_minor,
      reason: n.reason,
      createdAt: n.created_at,
    })),
  };
}

/** How many invoices erasing the account keeps (financial records; decision 093), for the deletion summary. */
export async function invoicesKept(db: DB, userId: number): Promise<number> {
  const owner = await ownerOf(db, userId);
  const row = await db
    .selectFrom("invoices as i")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(ownInvoices(owner))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Camp enrolments the account owns by their invoice (issue 38 item 6): a camp row has no account
 * column, so one made while signed in is the account's through the invoice that carries its id.
 * Erasure adds them to those found by the proven e-mail, so their personal data goes and what they
 * still owe is voided even when the account's e-mail was never proven.
 */
export async function campEnrolmentsInvoicedTo(db: DB, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("invoices")
    .select("camp_enrolment_id")
    .distinct()
    .where("user_id", "=", userId)
    .where("camp_enrolment_id", "is not", null)
    .execute();
  return rows.map((row) => row.camp_enrolment_id).filter((id): id is number => id !== null);
}
