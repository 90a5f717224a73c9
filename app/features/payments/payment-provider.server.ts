import type { Config } from "~server/config";
import { stripeProvider } from "./stripe-provider.server";

/** What the family pays for, as the provider's hosted checkout shows it. */
export interface CheckoutRequest {
  /** Integer minor units of `currency` (its exponent: cents, paise, fils). */
  amountMinor: number;
  /** ISO 4217, upper case as stored; the provider adapter writes it the provider's way. */
  currency: string;
  /** The line the checkout page shows ("Robotics — Ali"). */
  description: string;
  /** Our checkout's own reference (the enrolment's code), shown to staff at the provider. */
  reference: string;
  customerEmail: string;
  lang: "en" | "ar";
  successUrl: string;
  cancelUrl: string;
  /** When the provider stops taking this payment (ISO instant). */
  expiresAt: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** The hosted page to send the family to. */
  url: string;
}

/** A checkout as the provider reports it (on the family's return or in its event). */
export interface CheckoutState {
  sessionId: string;
  /** True once the money is taken. */
  paid: boolean;
  /** The provider's payment (what a refund names), once paid. */
  paymentRef: string | null;
  amountMinor: number;
  /** ISO 4217, upper case (the adapter converts the provider's). */
  currency: string;
}

/** A verified provider event: only the checkout's completion is acted on. */
export type ProviderEvent = { id: string; type: "checkout.completed"; checkout: CheckoutState } | { id: string; type: "other"; name: string };

/**
 * A payment provider behind one interface (issue 31): Stripe Checkout is the one implemented; another
 * provider is another object of this shape. Every method talks to the provider; none touches the database.
 */
export interface PaymentProvider {
  name: "stripe";
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieveCheckout(sessionId: string): Promise<CheckoutState>;
  /** The event of a webhook call, or null when its signature (over the raw body) does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent | null;
  /**
   * Gives the payment back (whole, or `amountMinor` of it); returns the provider's refund id.
   * `idempotencyKey` (decision 092: the credit note's number): the same key asked again returns
   * the first refund instead of making a second one.
   */
  refund(paymentRef: string, amountMinor?: number, idempotencyKey?: string): Promise<{ refundId: string }>;
}

const providers = new WeakMap<object, PaymentProvider>();

/** The provider the configuration names (one per configuration), or null: online payment hidden. */
export function paymentProviderOf(config: Pick<Config, "stripe">): PaymentProvider | null {
  if (!config.stripe) return null;
  let provider = providers.get(config.stripe);
  if (!provider) {
    provider = stripeProvider(config.stripe);
    providers.set(config.stripe, provider);
  }
  return provider;
}
