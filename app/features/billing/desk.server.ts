import { sql, type SqlBool } from "kysely";
import type { DB } from "~server/db/db";
import { escapeLike } from "~/features/admin-kit/list/list-query.server";
import { getSiteSettings } from "~/features/site/site.server";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { zonedParts } from "~/lib/zoned-time";
import type { InvoiceFilter } from "./desk.schema";
import { overdueFlagSql, overdueSql as overdueCondition, owedSql as outstandingOf } from "./rules";

/**
 * The staff's billing desk (issue 31, decision 090): invoices with what is still owed, one
 * invoice in full, a family's statement and the accountant's export. Reads only: every write goes
 * through ledger.server.ts.
 */

/** Invoices one page of the list shows. */
export const INVOICES_PER_PAGE = 50;

/** Today on the academy's calendar, and its zone. */
export async function academyToday(db: DB, now = new Date()): Promise<{ today: string; timeZone: string }> {
  const timeZone = timeZoneOf(await getSiteSettings(db));
  return { today: zonedParts(now, timeZone).date, timeZone };
}

function filtered(db: DB, filter: Pick<InvoiceFilter, "status" | "q">, today: string) {
  return db
    .selectFrom("invoices as i")
    .$if(filter.status === "overdue", (q) => q.where((eb) => overdueCondition(eb, today)))
    .$if(filter.status !== "overdue" && filter.status !== "", (q) => q.where("i.status", "=", filter.status as "open" | "paid" | "void"))
    .$if(filter.q !== "", (q) => {
      const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
      const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      return q.where((eb) => eb.or([like("i.family_key"), like("i.parent_name"), like("i.number"), like("i.child_name")]));
    });
}

export interface InvoiceRow {
  id: number;
  number: string;
  familyKey: string;
  parentName: string;
  childName: string;
  descriptionEn: string;
  descriptionAr: string;
  currency: string;
  totalMinor: number;
  outstandingMinor: number;
  status: "open" | "paid" | "void";
  overdue: boolean;
  issuedAt: string;
  dueOn: string;
}

/** A page of invoices (newest first), their count, and what is owed per currency over all open ones matching. */
export async function listInvoices(db: DB, filter: InvoiceFilter, today: string) {
  const rows = await filtered(db, filter, today)
    .select((eb) => [
      "i.id",
      "i.number",
      "i.family_key",
      "i.parent_name",
      "i.child_name",
      "i.description_en",
      "i.description_ar",
      "i.currency",
      "i.total_minor",
      "i.status",
      "i.issued_at",
      "i.due_on",
      outstandingOf(eb).as("outstanding"),
      overdueFlagSql(eb, today).as("overdue"),
    ])
    .orderBy("i.id", "desc")
    .limit(INVOICES_PER_PAGE)
    .offset((filter.page - 1) * INVOICES_PER_PAGE)
    .execute();
  const counted = await filtered(db, filter, today)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const totals = await filtered(db, filter, today)
    .where("i.status", "=", "open")
    .select((eb) => ["i.currency", eb.fn.sum<number>(outstandingOf(eb)).as("owed")])
    .groupBy("i.currency")
    .orderBy("i.currency")
    .execute();
  return {
    invoices: rows.map((row): InvoiceRow => ({
      id: row.id,
      number: row.number,
      familyKey: row.family_key,
      parentName: row.parent_name,
      childName: row.child_name,
      descriptionEn: row.description_en,
      descriptionAr: row.description_ar,
      currency: row.currency,
      totalMinor: row.total_minor,
      outstandingMinor: Number(row.outstanding),
      status: row.status,
      overdue: Number(row.overdue) === 1,
      issuedAt: row.issued_at,
      dueOn: row.due_on,
    })),
    total: Number(counted.n),
    page: filter.page,
    pages: Math.max(1, Math.ceil(Number(counted.n) / INVOICES_PER_PAGE)),
    outstanding: totals.map((row) => ({ currency: row.currency, amountMinor: Number(row.owed) })),
  };
}

/** One invoice with its lines, instalments, payments (and refunds) and credit notes. */
export async function invoiceDetail(db: DB, id: number, today: string) {
  const invoice = await filtered(db, { status: "", q: "" }, today)
    .where("i.id", "=", id)
    .selectAll("i")
    .select((eb) => [outstandingOf(eb).as("outstanding"), overdueFlagSql(eb, today).as("overdue")])
    .executeTakeFirst();
  if (!invoice) return null;
  const [lines, instalments, payments, creditNotes] = await Promise.all([
    db.selectFrom("invoice_lines").select(["id", "kind", "label_en", "label_ar", "amount_minor"]).where("invoice_id", "=", id).orderBy("position").execute(),
    db.selectFrom("invoice_instalments").select(["id", "position", "due_on", "amount_minor"]).where("invoice_id", "=", id).orderBy("position").execute(),
    db
      .selectFrom("payments as p")
      .leftJoin("users as u", "u.id", "p.recorded_by")
      .select([
        "p.id",
        "p.kind",
        "p.method",
        "p.amount_minor",
        "p.currency",
        "p.reference",
        "p.instalment_id",
        "p.refund_of",
        "p.credit_note_id",
        "p.received_at",
        "u.username as recorded_by_name",
      ])
      .where("p.invoice_id", "=", id)
      .orderBy("p.id")
      .execute(),
    db.selectFrom("credit_notes").select(["id", "number", "amount_minor", "kind", "reason", "created_at"]).where("invoice_id", "=", id).orderBy("id").execute(),
  ]);
  const refundedOf = new Map<number, number>();
  for (const row of payments)
    if (row.kind === "refund" && row.refund_of !== null) refundedOf.set(row.refund_of, (refundedOf.get(row.refund_of) ?? 0) + row.amount_minor);
  return {
    id: invoice.id,
    number: invoice.number,
    familyKey: invoice.family_key,
    email: invoice.email,
    parentName: invoice.parent_name,
    childName: invoice.child_name,
    lang: invoice.lang,
    descriptionEn: invoice.description_en,
    descriptionAr: invoice.description_ar,
    currency: invoice.currency,
    totalMinor: invoice.total_minor,
    taxMinor: invoice.tax_minor,
    taxName: invoice.tax_name,
    taxRateBp: invoice.tax_rate_bp,
    taxRegistration: invoice.tax_registration,
    taxInclusive: Number(invoice.tax_inclusive) === 1,
    status: invoice.status,
    overdue: Number(invoice.overdue) === 1,
    outstandingMinor: Number(invoice.outstanding),
    issuedAt: invoice.issued_at,
    dueOn: invoice.due_on,
    lines: lines.map((line) => ({ id: line.id, kind: line.kind, labelEn: line.label_en, labelAr: line.label_ar, amountMinor: line.amount_minor })),
    instalments: instalments.map((row) => ({ id: row.id, position: row.position, dueOn: row.due_on, amountMinor: row.amount_minor })),
    payments: payments.map((row) => ({
      id: row.id,
      kind: row.kind,
      method: row.method,
      amountMinor: row.amount_minor,
      currency: row.currency,
      reference: row.reference,
      instalmentId: row.instalment_id,
      refundOf: row.refund_of,
      creditNoteId: row.credit_note_id,
      receivedAt: row.received_at,
      recordedBy: row.recorded_by_name,
      // Money in another currency is the family's credit: it goes back at the provider (the staff notice), not by a credit note.
      refundableMinor: row.kind === "payment" && row.currency === invoice.currency ? row.amount_minor - (refundedOf.get(row.id) ?? 0) : 0,
    })),
    creditNotes: creditNotes.map((row) => ({
      id: row.id,
      number: row.number,
      amountMinor: row.amount_minor,
      kind: row.kind,
      reason: row.reason,
      createdAt: row.created_at,
    })),
  };
}

export type InvoiceDetail = NonNullable<Awaited<ReturnType<typeof invoiceDetail>>>;

/** Most ledger entries one statement shows (decades of a family's fees). */
const STATEMENT_LIMIT = 2000;

/**
 * A family's statement: every ledger entry, oldest first, with the balance after it per currency
 * (each currency runs on its own: a dollar payment never settles a rupee charge), and the balances.
 */
export async function familyStatement(db: DB, familyKey: string) {
  const entries = await db
    .selectFrom("ledger_entries as l")
    .innerJoin("invoices as i", "i.id", "l.invoice_id")
    .leftJoin("payments as p", "p.id", "l.payment_id")
    .leftJoin("credit_notes as n", "n.id", "l.credit_note_id")
    .select([
      "l.id",
      "l.kind",
      "l.currency",
      "l.amount_minor",
      "l.created_at",
      "l.invoice_id",
      "i.number as invoice_number",
      "p.method",
      "p.reference",
      "n.number as credit_note_number",
    ])
    .where("l.family_key", "=", familyKey)
    .orderBy("l.id")
    .limit(STATEMENT_LIMIT)
    .execute();
  const running = new Map<string, number>();
  const rows = entries.map((entry) => {
    const balance = (running.get(entry.currency) ?? 0) + entry.amount_minor;
    running.set(entry.currency, balance);
    return {
      id: entry.id,
      kind: entry.kind,
      currency: entry.currency,
      amountMinor: entry.amount_minor,
      balanceMinor: balance,
      at: entry.created_at,
      invoiceId: entry.invoice_id,
      invoiceNumber: entry.invoice_number,
      method: entry.method,
      reference: entry.reference ?? "",
      creditNoteNumber: entry.credit_note_number,
    };
  });
  const family = await db.selectFrom("invoices").select(["parent_name", "email"]).where("family_key", "=", familyKey).orderBy("id", "desc").executeTakeFirst();
  const balances = [...running.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, balanceMinor]) => ({ currency, balanceMinor }));
  return { familyKey, parentName: family?.parent_name ?? null, email: family?.email ?? null, balances, entries: rows };
}

export type FamilyStatement = Awaited<ReturnType<typeof familyStatement>>;

export interface ExportRow {
  id: number;
  created_at: string;
  family_key: string;
  parent_name: string;
  invoice_number: string;
  invoice_status: string;
  kind: string;
  currency: string;
  amount_minor: number;
  method: string | null;
  reference: string | null;
  credit_note_number: string | null;
  due_on: string;
}

/** Every ledger entry for the accountant, in batches (never all in memory), oldest first. */
export async function* ledgerExportRows(db: DB, batch = 500): AsyncGenerator<ExportRow> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom("ledger_entries as l")
      .innerJoin("invoices as i", "i.id", "l.invoice_id")
      .leftJoin("payments as p", "p.id", "l.payment_id")
      .leftJoin("credit_notes as n", "n.id", "l.credit_note_id")
      .select([
        "l.id",
        "l.created_at",
        "l.family_key",
        "i.parent_name",
        "i.number as invoice_number",
        "i.status as invoice_status",
        "l.kind",
        "l.currency",
        "l.amount_minor",
        "p.method",
        "p.reference",
        "n.number as credit_note_number",
        "i.due_on",
      ])
      .where("l.id", ">", after)
      .orderBy("l.id")
      .limit(batch)
      .execute();
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    after = rows.at(-1)!.id;
  }
}
