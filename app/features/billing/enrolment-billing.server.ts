import type { Trx } from "~server/db/db";
import { confirmPayment, type ConfirmOutcome } from "~/features/enrolments/enrolments.server";
import { onEnrolment } from "~/features/enrolments/events.server";
import type { EnrolmentRef } from "~/features/enrolments/model";
import type { NewInvoice } from "./ledger.server";
import { reissueInvoiceOf, voidInvoiceOf } from "./ledger.server";
import { invoiceCampEnrolment, invoiceListPriceEnrolment, invoiceSectionEnrolment } from "./enrolment-invoice.server";

const offerOf = (ref: EnrolmentRef): NewInvoice["offer"] =>
  ref.offerKind === "section" ? { kind: "section", enrolmentId: ref.id } : { kind: "camp", enrollmentId: ref.id };

/**
 * Billing's part of an enrolment's life (decision 100), in the enrolment's transaction: its invoice
 * is issued when it is made (as priced, or at the list price for staff's and the waitlist's), issued
 * again when a late payment brings it back, and what is still owed is voided by a credit note when it
 * ends or its family is erased (money paid stays recorded: refunding it is a refund, decision 092).
 */
export const billingEnrolmentSubscriber = onEnrolment("billing", {
  async EnrolmentCreated(trx, { enrolment, price }) {
    if (price)
      await (enrolment.offerKind === "section"
        ? invoiceSectionEnrolment(trx, enrolment.id, price)
        : invoiceCampEnrolment(trx, enrolment.id, price, enrolment.userId));
    else if (enrolment.offerKind === "section") await invoiceListPriceEnrolment(trx, enrolment.id);
  },
  async EnrolmentConfirmed(trx, { enrolment, late }) {
    // The sweep voided its invoice when the hold ran out: the same lines are invoiced again.
    if (late) await reissueInvoiceOf(trx, offerOf(enrolment));
  },
  async EnrolmentEnded(trx, { enrolment, note }) {
    await voidInvoiceOf(trx, offerOf(enrolment), note);
  },
  async EnrolmentErased(trx, { enrolment }) {
    await voidInvoiceOf(trx, offerOf(enrolment), "account erased");
  },
});

/**
 * An invoice just paid in full (at the desk, or online through its own link): its enrolment's
 * payment is confirmed as an online one is (decision 100): a held seat becomes the family's, the
 * confirmation goes out, the hold sweep no longer sees it and its payment link answers "paid".
 */
export async function confirmPaidInvoice(trx: Trx, invoiceId: number, via: "online" | "desk"): Promise<ConfirmOutcome | null> {
  const invoice = await trx.selectFrom("invoices").select(["enrolment_id", "camp_enrolment_id"]).where("id", "=", invoiceId).executeTakeFirstOrThrow();
  if (invoice.enrolment_id !== null) return confirmPayment(trx, { offerKind: "section", id: invoice.enrolment_id }, via);
  if (invoice.camp_enrolment_id !== null) return confirmPayment(trx, { offerKind: "camp", id: invoice.camp_enrolment_id }, via);
  return null;
}
