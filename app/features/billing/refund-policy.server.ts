import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { adminRefundPath } from "./paths";
import { findInvoiceOf, invoiceOutstanding, refundable } from "./ledger.server";
import { owedShown } from "./rules";
import { refundTermsOfEnrolment } from "~/features/enrolments/queries.server";
import { courseRefundPolicies } from "~/features/admin-content/queries.server";
import { campRefundPolicies } from "~/features/admin/queries.server";

/**
 * The refund policy of an offer (decision 092): the percent of what was paid that a drop gives
 * back, one figure before the first class and one after (default 100 and 0: "in full before the
 * first class, nothing after"). Per course (all its groups) and per camp. It is a proposal to staff,
 * never applied by itself: the drop screen shows it with a link to the refund page, prefilled.
 */
export interface RefundPolicy {
  percentBefore: number;
  percentAfter: number;
}

export async function saveRefundPolicy(
  db: DB,
  kind: "course" | "camp",
  id: number,
  policy: RefundPolicy,
  audit: (trx: DB, before: RefundPolicy) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const table = kind === "course" ? "courses" : "camps";
    const before = await trx.selectFrom(table).select(["refund_percent_before", "refund_percent_after"]).where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    await trx
      .updateTable(table)
      .set({ refund_percent_before: policy.percentBefore, refund_percent_after: policy.percentAfter, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    await audit(trx, { percentBefore: before.refund_percent_before, percentAfter: before.refund_percent_after });
    return true;
  });
}

/** Every course and camp with its policy, for the staff screen. */
export async function listRefundPolicies(db: DB) {
  const [courses, camps] = await Promise.all([courseRefundPolicies(db), campRefundPolicies(db)]);
  const shape = (kind: "course" | "camp") => (row: (typeof courses)[number]) => ({
    kind,
    id: row.id,
    name: { en: row.name_en, ar: row.name_ar },
    percentBefore: row.refund_percent_before,
    percentAfter: row.refund_percent_after,
  });
  return [...courses.map(shape("course")), ...camps.map(shape("camp"))];
}

export interface RefundProposal {
  /** Before the first class or not, and the percent that gives. */
  when: "before" | "after";
  percent: number;
  currency: string;
  /** One line per payment with something left to refund: the amount proposed and the refund page, prefilled. */
  payments: { paymentId: number; paidMinor: number; leftMinor: number; proposedMinor: number; href: string }[];
  totalMinor: number;
}

/**
 * What the policy of a course group enrolment's course proposes to give back now, from what is
 * left of each payment on its invoices (a payment refunded in part counts what is left). Null
 * when nothing was paid.
 */
export async function sectionRefundProposal(db: DB, enrolmentId: number, now = nowIso()): Promise<RefundProposal | null> {
  const offer = await refundTermsOfEnrolment(db, enrolmentId);
  if (!offer) return null;
  const payments = await db
    .selectFrom("payments as p")
    .innerJoin("invoices as i", "i.id", "p.invoice_id")
    .select(["p.id", "p.invoice_id", "p.amount_minor", "p.currency"])
    .where("i.enrolment_id", "=", enrolmentId)
    .where("p.kind", "=", "payment")
    .orderBy("p.id")
    .execute();
  if (payments.length === 0) return null;
  const when = offer.starts_at > now ? "before" : "after";
  const percent = when === "before" ? offer.refund_percent_before : offer.refund_percent_after;
  const lines = [];
  for (const payment of payments) {
    const left = await refundable(db, payment.id, payment.invoice_id);
    if (left <= 0) continue;
    // The percent applies to what was paid, capped by what is left (floor: never more than the policy).
    const proposed = Math.min(left, Math.floor((payment.amount_minor * percent) / 100));
    const query = new URLSearchParams({ amount: (proposed / 100).toFixed(2), policy: `${percent}` });
    lines.push({
      paymentId: payment.id,
      paidMinor: payment.amount_minor,
      leftMinor: left,
      proposedMinor: proposed,
      href: `${adminRefundPath(payment.id)}?${query}`,
    });
  }
  if (lines.length === 0) return null;
  return { when, percent, currency: payments[0]!.currency, payments: lines, totalMinor: lines.reduce((sum, line) => sum + line.proposedMinor, 0) };
}

/** What a family's drop of a course-group enrolment does to its money, as the family is told before confirming. */
export interface DropMoney {
  currency: string;
  /** What the invoice still owes: the drop voids it (a credit note of that amount). */
  voidedMinor: number;
  /** What was paid and not yet refunded (stays recorded; refunding it is the desk's refund). */
  paidMinor: number;
  /** What the course's refund policy gives back of it, and its percent; null when nothing was paid. */
  refund: { percent: number; amountMinor: number } | null;
}

/**
 * The drop's money consequence (decisions 092 and 101), from the same functions that do it: what is
 * owed is what voidInvoiceOf voids (invoiceOutstanding, never below zero as owed), the refund is
 * sectionRefundProposal's (the proposal staff then see). Null when the place has no live invoice
 * (no fee, or the enrolment already ended and its invoice was voided).
 */
export async function sectionDropMoney(db: DB, enrolmentId: number, now = nowIso()): Promise<DropMoney | null> {
  const invoice = await findInvoiceOf(db, { kind: "section", enrolmentId });
  if (!invoice) return null;
  const [owed, proposal] = await Promise.all([invoiceOutstanding(db, invoice.id), sectionRefundProposal(db, enrolmentId, now)]);
  return {
    currency: invoice.currency,
    voidedMinor: owedShown(owed),
    paidMinor: proposal ? proposal.payments.reduce((sum, line) => sum + line.leftMinor, 0) : 0,
    refund: proposal ? { percent: proposal.percent, amountMinor: proposal.totalMinor } : null,
  };
}
