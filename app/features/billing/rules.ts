import { sql, type AliasableExpression, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { DB } from "~server/db/db";
import type { Database } from "~server/db/schema";
import { currencyCode, type Money } from "~/lib/money";
import { partStates, type Part } from "./instalment-split";

/**
 * What a family owes and when it is overdue (decision 101): one SQL expression and one TS function
 * each, used by the desk list, the invoice page, the instalment parts and their reminders, the
 * family's invoices page and the dashboard's money view.
 *
 * - Owed: the sum of the invoice's ledger entries (charges and refunds up; discounts, credit notes
 *   and payments down). Below zero the academy owes the family (credit), nothing is owed.
 * - Settled, of a split invoice: the sum of its parts less what is owed (the parts add up to the
 *   total less credit notes, so a credit note is not counted as paid twice).
 * - Payments cover instalment parts in order, first due first, whatever part a payment named
 *   (decision 091; `payments.instalment_id` is recorded but does not decide).
 * - Overdue (academy calendar): an open invoice still owing, past its due day when not split;
 *   when split, when what is settled is below the sum of the parts due before today (so a part
 *   due before today is not fully covered).
 */

type WithInvoice = Database & { i: Database["invoices"] };
type InvoiceEb = ExpressionBuilder<WithInvoice, "i">;
/** Any query over `invoices as i`, whatever else it joins. */
type AnyInvoiceEb<D extends WithInvoice, T extends keyof D> = ExpressionBuilder<D, T>;

/** SQL: what is still owed on invoice `i` (its ledger entries' sum in its currency, as invoiceOutstanding; may be below zero). */
export const owedSql = <D extends WithInvoice, T extends keyof D>(builder: AnyInvoiceEb<D, T>): AliasableExpression<number> => {
  const eb = builder as unknown as InvoiceEb;
  return eb.fn.coalesce(
    eb
      .selectFrom("ledger_entries as l")
      .select((l) => l.fn.sum<number>("l.amount_minor").as("s"))
      .whereRef("l.invoice_id", "=", "i.id")
      .whereRef("l.currency", "=", "i.currency"),
    eb.lit(0),
  );
};

/** SQL: invoice `i` is overdue on `today` (YYYY-MM-DD, the academy's calendar). */
export function overdueSql<D extends WithInvoice, T extends keyof D>(builder: AnyInvoiceEb<D, T>, today: string): Expression<SqlBool> {
  const eb = builder as unknown as InvoiceEb;
  const instalments = eb.selectFrom("invoice_instalments as n").whereRef("n.invoice_id", "=", "i.id");
  const allParts = eb.fn.coalesce(
    instalments.select((n) => n.fn.sum<number>("n.amount_minor").as("s")),
    eb.lit(0),
  );
  const dueByToday = eb.fn.coalesce(instalments.select((n) => n.fn.sum<number>("n.amount_minor").as("s")).where("n.due_on", "<", today), eb.lit(0));
  return eb.and([
    eb("i.status", "=", "open"),
    eb(owedSql(eb), ">", eb.lit(0)),
    eb.or([
      eb.and([eb.not(eb.exists(instalments.select("n.id"))), eb("i.due_on", "<", today)]),
      eb.and([eb.exists(instalments.select("n.id")), eb(sql<number>`${allParts} - ${owedSql(eb)}`, "<", dueByToday)]),
    ]),
  ]);
}

/** The facts the rule reads about one invoice. */
export interface OwedFacts {
  status: "open" | "paid" | "void";
  /** The ledger's sum for the invoice. */
  owedMinor: number;
  dueOn: string;
  /** Its instalment parts in order (empty: not split). */
  parts: readonly Part[];
}

/** TS: the same rule as overdueSql, for an invoice already read. */
export function isOverdue(invoice: OwedFacts, today: string): boolean {
  if (invoice.status !== "open" || invoice.owedMinor <= 0) return false;
  if (invoice.parts.length === 0) return invoice.dueOn < today;
  return partStates(invoice.parts, settledOfParts(invoice.parts, invoice.owedMinor), today, false).some((part) => part.status === "overdue");
}

/** What is settled of a split invoice's parts: their sum less what the ledger still says is owed. */
export const settledOfParts = (parts: readonly Part[], owedMinor: number): number =>
  parts.reduce((sum, part) => sum + part.amountMinor, 0) - owedShown(owedMinor);

/** What is owed as shown to people: never below zero. */
export const owedShown = (owedMinor: number): number => Math.max(0, owedMinor);

/**
 * What the family is asked to pay on an invoice now, in its currency: what is owed, tax included
 * (the invoice's total carries its tax). Every online checkout of an invoice or of the enrolment it
 * bills asks this (decision 101), never a price kept elsewhere.
 */
export async function amountDue(db: DB, invoiceId: number): Promise<Money | undefined> {
  const row = await db
    .selectFrom("invoices as i")
    .select((eb) => ["i.currency", "i.status", owedSql(eb).as("owed")])
    .where("i.id", "=", invoiceId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { amountMinor: row.status === "void" ? 0 : owedShown(Number(row.owed)), currency: currencyCode(row.currency) };
}

/** SQL: overdueSql as a 0/1 column (`… .as("overdue")`; read with Number(row.overdue) === 1). */
export const overdueFlagSql = <D extends WithInvoice, T extends keyof D>(builder: AnyInvoiceEb<D, T>, today: string) => {
  const eb = builder as unknown as InvoiceEb;
  return eb.case().when(overdueSql(eb, today)).then(1).else(0).end();
};
