import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { formatMoney } from "~/lib/money";
import { enqueue } from "~server/jobs/queue";
import { checkoutCheckJob } from "~/features/billing/payments/payment-events.server";
import { paymentProviderOf } from "~/features/billing/payments/payment-provider.server";
import { invoiceInstalments } from "./instalments.server";
import { partViews } from "./instalments-view.server";
import { invoiceOfToken } from "./invoice-link.server";
import { howToPay } from "~/features/billing/how-to-pay.server";

/** A Stripe checkout session id as its success URL brings it back (anything else is ignored). */
const SESSION_ID = /^cs_[\w-]{1,200}$/;

/**
 * The family's view of an invoice from its payment link (decision 091): its instalments and what
 * is still owed. Back from the provider with `session_id` while its checkout is still open here,
 * the page says "confirming" and queues the `checkout-check` job (once per session) that reads the
 * session from the provider and records it through onCheckoutPaid, as the enrolment payment page
 * does (decision 094): no page GET calls the provider. Undefined: the link opens nothing (404).
 */
export async function invoicePaymentData(db: DB, config: Config, token: string, lang: Lang, returned: { sessionId: string | null; cancelled: boolean }) {
  const id = await invoiceOfToken(db, config.sessionSecret, token);
  if (id === undefined) return undefined;
  const provider = paymentProviderOf(config);
  let confirming = false;
  if (provider && returned.sessionId && SESSION_ID.test(returned.sessionId)) {
    const checkout = await db
      .selectFrom("payment_checkouts")
      .select(["status"])
      .where("session_id", "=", returned.sessionId)
      .where("invoice_id", "=", id)
      .executeTakeFirst();
    if (checkout && (checkout.status === "open" || checkout.status === "expired")) {
      // Not confirmed yet: its event is late or lost. A job reads the session from the provider (once
      // per session); the page GET never calls the provider (issue 38 item 5, decision 094).
      confirming = true;
      await enqueue(db, checkoutCheckJob, { sessionId: returned.sessionId }, { uniqueKey: `checkout-check:${returned.sessionId}`, maxAttempts: 5 });
    }
  }
  const state = (await invoiceInstalments(db, id))!;
  const { invoice } = state;
  const money = (minor: number) => formatMoney(minor, invoice.currency, lang);
  const payState = invoice.status === "void" ? "void" : state.outstandingMinor <= 0 ? "paid" : provider ? "online" : "desk";
  return {
    number: invoice.number,
    description: pick(invoice, "description", lang),
    child: invoice.child_name,
    total: money(state.owedTotalMinor),
    outstanding: money(Math.max(0, state.outstandingMinor)),
    payState,
    confirming: confirming && payState === "online",
    cancelled: returned.cancelled && payState === "online",
    parts: partViews(state, lang).map((part, index) => ({ ...part, left: money(state.parts[index]!.leftMinor) })),
    // The desk, the methods, the bank details and the reference (issue 42): the link the invoice e-mail carries.
    howToPay: await howToPay(db, config, lang, id),
  };
}
