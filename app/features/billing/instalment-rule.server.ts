import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { equalSplit } from "./instalment-split";
import { instalmentCountOfCampEnrolment, instalmentCountOfEnrolment } from "~/features/enrolments/queries.server";

/*
 * An offer's instalment rule applied when its invoice is issued (decision 091). Here, in billing,
 * so issuing an invoice does not depend on the instalments screens.
 */

/** The offer's rule: how many monthly instalments its new invoices are split into (0: none). */
export async function instalmentRuleOf(db: DB, offer: { kind: "section"; enrolmentId: number } | { kind: "camp"; enrollmentId: number }): Promise<number> {
  const row = offer.kind === "section" ? await instalmentCountOfEnrolment(db, offer.enrolmentId) : await instalmentCountOfCampEnrolment(db, offer.enrollmentId);
  return Number(row?.count ?? 0);
}

/**
 * A new invoice split as its offer's rule says (in the invoice's transaction): equal monthly
 * parts, the first due when the invoice is due. An invoice too small to split into whole minor
 * units stays whole.
 */
export async function applyInstalmentRule(trx: DB, invoiceId: number, count: number): Promise<boolean> {
  if (count < 2) return false;
  const invoice = await trx.selectFrom("invoices").select(["total_minor", "due_on"]).where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice || invoice.total_minor < count) return false;
  const existing = await trx.selectFrom("invoice_instalments").select("id").where("invoice_id", "=", invoiceId).executeTakeFirst();
  if (existing) return false;
  const now = nowIso();
  const parts = equalSplit(invoice.total_minor, count, invoice.due_on);
  await trx
    .insertInto("invoice_instalments")
    .values(parts.map((part, index) => ({ invoice_id: invoiceId, position: index + 1, due_on: part.dueOn, amount_minor: part.amountMinor, created_at: now })))
    .execute();
  return true;
}
