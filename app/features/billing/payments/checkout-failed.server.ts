import type { DB } from "~server/db/db";
import { formatMoney } from "~/lib/money";
import { inBoth } from "~/features/messaging/index.server";
import { notifyFamily } from "~/features/push/index.server";
import { invoicePayLink } from "~/features/billing/instalments/invoice-link.server";

/**
 * A checkout's delayed payment (a bank debit) refused by the bank after the family left the
 * checkout (Stripe's `checkout.session.async_payment_failed`, decision 143): nothing was taken and
 * nothing in the ledger changes; the family is told by message (WhatsApp, SMS or e-mail) and on the phones of each
 * guardian who chose invoices, with the invoice's pay link, once per checkout. Returns the outcome
 * the payment inbox records.
 */
export async function onCheckoutFailed(trx: DB, sessionId: string): Promise<string> {
  const checkout = await trx
    .selectFrom("payment_checkouts")
    .select(["id", "invoice_id", "enrolment_id", "amount_minor", "currency"])
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  if (!checkout) return "unknown";
  // An invoice's checkout names it; a held seat's is the enrolment's invoice.
  const invoice = await trx
    .selectFrom("invoices")
    .select(["id", "number", "email", "status"])
    .where((eb) =>
      checkout.invoice_id !== null
        ? eb("id", "=", checkout.invoice_id)
        : eb.and([eb("enrolment_id", "=", checkout.enrolment_id), eb("offer_kind", "=", "section")]),
    )
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!invoice || invoice.status !== "open") return "ignored";
  await notifyFamily(trx, {
    event: `payment-failed:${checkout.id}`,
    email: invoice.email,
    template: "payment_failed",
    params: { number: invoice.number, ...inBoth("amount", (lang) => formatMoney(checkout.amount_minor, checkout.currency, lang)) },
    links: { link: invoicePayLink(invoice.id, invoice.number) },
    // No e-mail of its own: the message's e-mail step carries it to a family without WhatsApp or SMS.
    push: { category: "invoice", url: "/account/invoices" },
  });
  return "payment-failed";
}
