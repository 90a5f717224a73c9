import type { Config } from "~server/config";
import { exponentOf } from "~/lib/money";
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

/**
 * What a call that moves money came to (decision 094). `done`: the provider did it (its id).
 * `refused`: the provider answered that it will not (bad request, card declined, wrong key): nothing
 * happened, so what was reserved can be released. `unknown`: no clear answer (timeout, connection
 * dropped, the provider's 5xx, rate limit): it may have happened, so nothing is released and the
 * same call is asked again with the same idempotency key until the provider answers.
 */
export type ProviderOutcome = { kind: "done"; id: string } | { kind: "refused"; code: string } | { kind: "unknown" };

/** A refund as the provider reports it (in its events and its list). */
export interface ProviderRefund {
  id: string;
  paymentRef: string;
  amountMinor: number;
  currency: string;
  /** succeeded, pending, failed, canceled, requires_action (Stripe's words). */
  status: string;
  /** The idempotency key we asked it with (its metadata), or null: made outside the app. */
  reference: string | null;
}

/** A dispute (chargeback) as the provider reports it. */
export interface ProviderDispute {
  id: string;
  paymentRef: string;
  amountMinor: number;
  currency: string;
  /** Stripe's dispute status: needs_response, under_review, won, lost, ... */
  status: string;
  reason: string;
}

/** A verified provider event, in our words (decision 094: stored as is in the inbox, then processed by a job). */
export type ProviderEvent =
  | { id: string; type: "checkout.completed"; checkout: CheckoutState }
  /** A delayed payment method (a bank debit) that the bank refused after the checkout (decision 143). */
  | { id: string; type: "checkout.failed"; sessionId: string }
  | { id: string; type: "refund.updated"; refund: ProviderRefund }
  | { id: string; type: "charge.refunded"; paymentRef: string; refunds: ProviderRefund[] }
  | { id: string; type: "dispute.created" | "dispute.closed"; dispute: ProviderDispute }
  | { id: string; type: "other"; name: string };

/** One money movement at the provider (the reconciliation's view): a payment or a refund. */
export interface ProviderMovement {
  kind: "payment" | "refund";
  /** The payment (PaymentIntent) for a payment, the refund id for a refund. */
  ref: string;
  /** The payment a refund belongs to. */
  paymentRef: string;
  amountMinor: number;
  currency: string;
  status: string;
  created: string;
}

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
   * Gives the payment back (whole, or `amountMinor` of it). Never throws: done (the provider's
   * refund id), refused or unknown (decision 094). `idempotencyKey` (decision 092: the credit
   * note's number): the same key asked again returns the first refund instead of making a second one.
   */
  refund(paymentRef: string, amountMinor: number | undefined, idempotencyKey: string): Promise<ProviderOutcome>;
  /** The refunds of one payment at the provider (a `charge.refunded` event that does not list them). */
  refundsOf(paymentRef: string): Promise<ProviderRefund[]>;
  /** The payments and refunds made at the provider since `since` (the reconciliation, decision 094); at most `limit`. */
  listMovements(since: Date, limit: number): Promise<ProviderMovement[]>;
}

/**
 * Whether the provider can charge this amount (decision 101, amended): Stripe takes a 3-decimal
 * currency (KWD, BHD, OMR) only in multiples of 10 minor units. Checked before a checkout opens, so
 * such an amount is refused with a clear answer (pay at the desk) rather than rounded: the amount
 * asked online is always exactly what the invoice owes.
 */
export function providerAccepts(provider: Pick<PaymentProvider, "name">, amountMinor: number, currency: string): boolean {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return false;
  if (provider.name === "stripe" && exponentOf(currency) === 3) return amountMinor % 10 === 0;
  return true;
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
