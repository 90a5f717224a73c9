import Stripe from "stripe";
import type { Config } from "~server/config";
import type { CheckoutState, PaymentProvider } from "./payment-provider.server";

/** A signed event older than this is refused (Stripe's own default tolerance). */
const TOLERANCE_SECONDS = 300;

const stateOf = (session: Stripe.Checkout.Session): CheckoutState => ({
  sessionId: session.id,
  paid: session.payment_status === "paid",
  paymentRef: typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
  amountMinor: session.amount_total ?? 0,
  // Stripe writes ISO codes in lower case; ours are upper case past this boundary (decision 101).
  currency: (session.currency ?? "").toUpperCase(),
});

/**
 * Stripe Checkout through the official library. STRIPE_API_URL points it at another host speaking
 * Stripe's API (the tests' stand-in, server/test/stripe-stand-in.ts) with the constructor's
 * host/port/protocol options; unset, it talks to api.stripe.com. No retries: a failed call is
 * the family's to try again, and a session is never created twice by the library behind our back.
 */
export function stripeProvider(settings: NonNullable<Config["stripe"]>): PaymentProvider {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 0,
    timeout: 20_000,
    telemetry: false,
    ...(target ? { host: target.hostname, port: target.port || (target.protocol === "https:" ? 443 : 80), protocol: target.protocol === "https:" ? ("https" as const) : ("http" as const) } : {}),
  });
  return {
    name: "stripe",
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountMinor, product_data: { name: request.description } } }],
        client_reference_id: request.reference,
        customer_email: request.customerEmail,
        // Stripe Checkout has no Arabic: "auto" follows the family's browser.
        locale: request.lang === "en" ? "en" : "auto",
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(Date.parse(request.expiresAt) / 1000),
        metadata: { reference: request.reference },
      });
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} came without a URL`);
      return { sessionId: session.id, url: session.url };
    },
    async retrieveCheckout(sessionId) {
      return stateOf(await stripe.checkout.sessions.retrieve(sessionId));
    },
    verifyWebhook(rawBody, signature) {
      if (!signature || signature.length > 2000) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, TOLERANCE_SECONDS);
      } catch {
        return null;
      }
      if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
        return { id: event.id, type: "checkout.completed", checkout: stateOf(event.data.object) };
      }
      return { id: event.id, type: "other", name: event.type };
    },
    async refund(paymentRef, amountMinor, idempotencyKey) {
      // Stripe's Idempotency-Key header: a retried refund of one credit note is made once.
      const refund = await stripe.refunds.create({ payment_intent: paymentRef, ...(amountMinor === undefined ? {} : { amount: amountMinor }) }, idempotencyKey ? { idempotencyKey } : undefined);
      return { refundId: refund.id };
    },
  };
}
