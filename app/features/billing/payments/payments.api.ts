import { Router } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { enrolmentPaymentLink } from "~/features/enrolments/links.server";
import { storePaymentEvent } from "./payment-events.server";
import { startCheckout } from "./checkouts.server";
import { paymentProviderOf } from "./payment-provider.server";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "payments", key, values);

/** The payment link's token: the enrolment's id and a MAC, base64url only (decision 085). */
export const paymentTokenSchema = z.object({
  token: z
    .string()
    .min(16)
    .max(100)
    .regex(/^[\w-]+$/),
});

/** The path of Stripe's webhook (README; set it in the Stripe dashboard as $PUBLIC_URL + this). */
export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook";

/**
 * POST /api/payments/checkouts: starts the hosted checkout of a held enrolment (its payment link's
 * token) and answers the provider's page to send the family to. The payment page's form runs it.
 */
export const startEnrolmentCheckout = defineEndpoint({
  method: "POST",
  path: "/api/payments/checkouts",
  access: "anyone",
  limits: [{ name: "payment-checkout", limit: 10, windowMs: 60_000 }],
  input: paymentTokenSchema,
  async run({ deps: { db, config, logger }, caller }, { token }) {
    const lang = caller.lang;
    const provider = paymentProviderOf(config);
    if (!provider) throw new HttpError(404, say(lang, "api.off"));
    const enrolmentId = await enrolmentPaymentLink.open(db, config.sessionSecret, token);
    let result;
    try {
      result = await startCheckout(db, provider, { enrolmentId, token, lang, publicUrl: config.publicUrl });
    } catch (error) {
      // The provider refused or could not be reached: nothing was stored; the family may try again.
      logger.error({ err: error }, "payment provider: checkout not started");
      throw new HttpError(502, say(lang, "api.providerDown"));
    }
    if (!result.ok) {
      if (result.reason === "notFound") throw new HttpError(404, say(lang, "api.notFound"));
      return { status: 409, body: { message: say(lang, `api.${result.reason}`), reason: result.reason } };
    }
    return { status: 201, body: { message: say(lang, "api.started"), url: result.url, sessionId: result.sessionId } };
  },
});

/**
 * POST /api/payments/stripe/webhook: Stripe's events, as an inbox (decision 094). The raw body
 * (server/app.ts keeps it raw for this path; the endpoint's `rawBody` transport hands it over
 * unparsed) is verified with the library against STRIPE_WEBHOOK_SECRET; a bad or absent signature
 * is 400. A verified event is stored (its id UNIQUE: a redelivery stores nothing) with its
 * `payment-event` job in one transaction, and answered 200 `{ received: true, outcome: "queued" |
 * "duplicate" }`. The job does the work, with retries: this request never calls the provider. Only
 * a failure to store answers 500, so Stripe delivers again.
 */
export const stripeWebhook = defineEndpoint({
  method: "POST",
  path: STRIPE_WEBHOOK_PATH,
  access: "anyone",
  rawBody: true,
  input: z.object({ bytes: z.instanceof(Buffer), json: z.boolean() }),
  async run({ deps: { db, config }, caller }, { bytes, json }) {
    const lang = caller.lang;
    const provider = paymentProviderOf(config);
    if (!provider) throw new HttpError(404, say(lang, "api.off"));
    // Stripe posts UTF-8 JSON; anything else is not one of its events, signed or not.
    const charset = /;\s*charset=("?)([\w-]+)\1/i.exec(caller.header("content-type") ?? "")?.[2]?.toLowerCase();
    if (!json || (charset !== undefined && charset !== "utf-8")) throw new HttpError(415, say(lang, "api.notJson"));
    if (bytes.length === 0) throw new HttpError(400, say(lang, "api.badSignature"));
    const event = provider.verifyWebhook(bytes, caller.header("stripe-signature"));
    if (!event) throw new HttpError(400, say(lang, "api.badSignature"));
    const stored = await storePaymentEvent(db, provider, event);
    return { status: 200, body: { received: true, outcome: stored ? "queued" : "duplicate" } };
  },
});

export const paymentEndpoints = [startEnrolmentCheckout, stripeWebhook];

/** The payments API: starting a checkout, and the provider's webhook. */
export function paymentsApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, paymentEndpoints));
  return router;
}
