import type { DB } from "~server/db/db";
import type { EnrolmentRef } from "~/features/enrolments/model";

/**
 * Billing's query module (decision 153): other features read `payments` and `invoices` through
 * these functions, never with their own `selectFrom`. Billing's third public module beside
 * ./index and ./index.server (decision 103, eslint.config.js): the features billing imports
 * (enrolments, messaging) cannot import ./index.server without a cycle, so this one imports no
 * feature at run time and check-import-cycles.ts counts it as a node of its own.
 */

/** Whether a payment was ever recorded on the enrolment's invoices (a refund is not one). */
export async function anyPaymentOnEnrolment(db: DB, ref: EnrolmentRef): Promise<boolean> {
  const paid = await db
    .selectFrom("payments as p")
    .innerJoin("invoices as i", "i.id", "p.invoice_id")
    .select("p.id")
    .where("p.kind", "=", "payment")
    .where(ref.offerKind === "section" ? "i.enrolment_id" : "i.camp_enrolment_id", "=", ref.id)
    .limit(1)
    .executeTakeFirst();
  return paid !== undefined;
}

/** The payments (invoice and when) of those invoices that are settled now; an invoice still owing is left out. */
export function paymentsOfPaidInvoices(db: DB, invoiceIds: readonly number[]) {
  return db
    .selectFrom("payments as p")
    .innerJoin("invoices as i", "i.id", "p.invoice_id")
    .select(["p.invoice_id", "p.created_at"])
    .where("p.invoice_id", "in", invoiceIds)
    .where("p.kind", "=", "payment")
    .where("i.status", "=", "paid")
    .execute();
}
