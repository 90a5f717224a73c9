import Stripe from "stripe";
import type { Config } from "~server/config";
import type { CheckoutState, PaymentProvider, ProviderDispute, ProviderMovement, ProviderOutcome, ProviderRefund } from "./payment-provider.server";

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

const refOf = (value: string | { id: string } | null | undefined): string => (typeof value === "string" ? value : (value?.id ?? ""));

const refundOf = (refund: Stripe.Refund): ProviderRefund => ({
  id: refund.id,
  paymentRef: refOf(refund.payment_intent),
  amountMinor: refund.amount,
  currency: refund.currency,
  status: refund.status ?? "pending",
  reference: refund.metadata?.reference ?? null,
});

const disputeOf = (dispute: Stripe.Dispute): ProviderDispute => ({
  id: dispute.id,
  paymentRef: refOf(dispute.payment_intent),
  amountMinor: dispute.amount,
  currency: dispute.currency,
  status: dispute.status,
  reason: dispute.reason,
});

/**
 * Stripe's error classes into refused or unknown (decision 094). Refused only when Stripe answered
 * that it did nothing: a 4xx invalid request, a declined card, a wrong key or permission. A timeout
 * or dropped connection, Stripe's own 5xx, a rate limit, an idempotency conflict (an earlier
 * request with that key exists, whatever it came to) or anything else is unknown: it may have happened.
 */
export function outcomeOfError(error: unknown): ProviderOutcome {
  if (error instanceof Stripe.errors.StripeError) {
    if ((error.statusCode ?? 0) >= 500) return { kind: "unknown" };
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeAuthenticationError ||
      error instanceof Stripe.errors.StripePermissionError
    ) {
      return { kind: "refused", code: String(error.code ?? error.type).slice(0, 100) };
    }
  }
  return { kind: "unknown" };
}

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
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
  return {
    name: "stripe",
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountMinor, product_data: { name: request.description } },
          },
        ],
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
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          return { id: event.id, type: "checkout.completed", checkout: stateOf(event.data.object) };
        case "checkout.session.async_payment_failed":
          return { id: event.id, type: "checkout.failed", sessionId: event.data.object.id };
        case "refund.updated":
          return { id: event.id, type: "refund.updated", refund: refundOf(event.data.object) };
        case "charge.refunded": {
          const charge = event.data.object;
          return { id: event.id, type: "charge.refunded", paymentRef: refOf(charge.payment_intent), refunds: (charge.refunds?.data ?? []).map(refundOf) };
        }
        case "charge.dispute.created":
          return { id: event.id, type: "dispute.created", dispute: disputeOf(event.data.object) };
        case "charge.dispute.closed":
          return { id: event.id, type: "dispute.closed", dispute: disputeOf(event.data.object) };
        default:
          return { id: event.id, type: "other", name: event.type.slice(0, 100) };
      }
    },
    async refund(paymentRef, amountMinor, idempotencyKey) {
      // Stripe's Idempotency-Key header: a retried refund of one credit note is made once. The key
      // is also the refund's metadata, so its events and the list name our refund (decision 094).
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentRef, ...(amountMinor === undefined ? {} : { amount: amountMinor }), metadata: { reference: idempotencyKey } },
          { idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") return { kind: "refused", code: refund.failure_reason ?? refund.status };
        return { kind: "done", id: refund.id };
      } catch (error) {
        return outcomeOfError(error);
      }
    },
    async refundsOf(paymentRef) {
      const out: ProviderRefund[] = [];
      for await (const refund of stripe.refunds.list({ payment_intent: paymentRef, limit: 100 })) {
        out.push(refundOf(refund));
        if (out.length >= 1000) break;
      }
      return out;
    },
    async listMovements(since, limit) {
      const created = { gte: Math.floor(since.getTime() / 1000) };
      const out: ProviderMovement[] = [];
      const at = (seconds: number) => new Date(seconds * 1000).toISOString();
      for await (const intent of stripe.paymentIntents.list({ created, limit: 100 })) {
        if (out.length >= limit) break;
        if (intent.status !== "succeeded") continue;
        out.push({
          kind: "payment",
          ref: intent.id,
          paymentRef: intent.id,
          amountMinor: intent.amount_received,
          currency: intent.currency,
          status: intent.status,
          created: at(intent.created),
        });
      }
      for await (const refund of stripe.refunds.list({ created, limit: 100 })) {
        if (out.length >= limit) break;
        out.push({
          kind: "refund",
          ref: refund.id,
          paymentRef: refOf(refund.payment_intent),
          amountMinor: refund.amount,
          currency: refund.currency,
          status: refund.status ?? "pending",
          created: at(refund.created),
        });
      }
      return out;
    },
  };
}
