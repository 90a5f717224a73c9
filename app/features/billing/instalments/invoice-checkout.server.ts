import type { DB } from "~server/db/db";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { providerAccepts, type PaymentProvider } from "~/features/billing/payments/payment-provider.server";
import { openCheckout } from "~/features/billing/payments/checkouts.server";
import { invoiceInstalments } from "./instalments.server";
import { invoicePaymentPath } from "./invoice-link.server";
import { isHeldForPayment } from "~/features/enrolments/queries.server";

/** At most this many checkouts are started for one invoice (each is a session at the provider). */
export const MAX_CHECKOUTS_PER_INVOICE = 30;
// A session lasts less than Stripe's 24-hour bound; the family can start another.
const SESSION_MS = 23 * 3_600_000;

export type InvoiceStart =
  { ok: true; url: string; sessionId: string } | { ok: false; reason: "notFound" | "void" | "paid" | "partPaid" | "held" | "tooMany" | "notPayable" };

/**
 * Starts a hosted checkout for what is left of one open instalment, or of the whole invoice
 * (instalmentId null), from the invoice's payment link (decision 091). An enrolment still holding
 * its seat for an online payment is paid on its own page (its payment confirms the seat).
 */
export async function startInvoiceCheckout(
  db: DB,
  provider: PaymentProvider,
  options: { invoiceId: number | undefined; instalmentId: number | null; token: string; lang: Lang; publicUrl: string },
): Promise<InvoiceStart> {
  const state = options.invoiceId === undefined ? undefined : await invoiceInstalments(db, options.invoiceId);
  if (!state) return { ok: false, reason: "notFound" };
  const { invoice } = state;
  if (invoice.status === "void") return { ok: false, reason: "void" };
  if (state.outstandingMinor <= 0) return { ok: false, reason: "paid" };
  if (invoice.enrolment_id !== null && (await isHeldForPayment(db, invoice.enrolment_id))) return { ok: false, reason: "held" };
  let amountMinor = state.outstandingMinor;
  if (options.instalmentId !== null) {
    const part = state.parts.find((row) => row.id === options.instalmentId);
    if (!part) return { ok: false, reason: "notFound" };
    if (part.leftMinor <= 0) return { ok: false, reason: "partPaid" };
    amountMinor = Math.min(part.leftMinor, state.outstandingMinor);
  }
  const { n } = await db
    .selectFrom("payment_checkouts")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("invoice_id", "=", invoice.id)
    .executeTakeFirstOrThrow();
  if (Number(n) >= MAX_CHECKOUTS_PER_INVOICE) return { ok: false, reason: "tooMany" };
  if (!providerAccepts(provider, amountMinor, invoice.currency)) return { ok: false, reason: "notPayable" };
  const expiresAt = new Date(Date.now() + SESSION_MS).toISOString();
  const session = await openCheckout(db, provider, {
    page: options.publicUrl + invoicePaymentPath(options.token, options.lang),
    amountMinor,
    currency: invoice.currency,
    description: `${invoice.number} — ${pick(invoice, "description", options.lang)}`,
    reference: invoice.number,
    customerEmail: invoice.email,
    lang: options.lang,
    expiresAt,
    row: { kind: "invoice", invoice_id: invoice.id, instalment_id: options.instalmentId, hold_expires_at: expiresAt },
  });
  return { ok: true, url: session.url, sessionId: session.sessionId };
}
