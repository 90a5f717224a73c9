import { z } from "zod";
import { defineEndpoint, fileAnswer, type AnyAnswer } from "~server/http/endpoint";
import { SMS_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH } from "./delivery.server";
import { smsEvents, whatsappEvents, whatsappHandshake, type WebhookAnswer } from "./webhooks.server";

/**
 * The messaging providers' webhooks (decision 127) as endpoints on the raw-body transport: each
 * verifies a signature over the exact bytes it was sent (Meta's X-Hub-Signature-256, Twilio's
 * X-Twilio-Signature over its form fields). server/app.ts keeps their bodies raw (256 kB at most).
 */
const answer = (webhook: WebhookAnswer): AnyAnswer =>
  "text" in webhook ? fileAnswer("text", webhook.text, { status: webhook.status }) : { status: webhook.status, body: webhook.json };

const rawInput = z.object({ bytes: z.instanceof(Buffer), json: z.boolean() });

/**
 * Meta's handshake query, each field taken as sent (a value repeated is a list): whatsappHandshake
 * judges them, so a server without WhatsApp answers 404 and a wrong token 403 whatever else came.
 */
const handshakeQuery = z.object({
  "hub.mode": z.unknown().optional(),
  "hub.verify_token": z.unknown().optional(),
  "hub.challenge": z.unknown().optional(),
});

/** GET /api/messaging/whatsapp/webhook: Meta's verification handshake (the query is read as Meta sends it: any other field is ignored). */
export const whatsappWebhookHandshake = defineEndpoint({
  method: "GET",
  path: WHATSAPP_WEBHOOK_PATH,
  access: "anyone",
  produces: "text",
  input: handshakeQuery,
  run: async ({ deps: { config } }, query) => answer(whatsappHandshake(config, query)),
});

/** POST /api/messaging/whatsapp/webhook: Meta's statuses and incoming messages, verified over the raw body. */
export const whatsappWebhook = defineEndpoint({
  method: "POST",
  path: WHATSAPP_WEBHOOK_PATH,
  access: "anyone",
  rawBody: true,
  input: rawInput,
  run: async ({ deps, caller }, { bytes }) =>
    answer(await whatsappEvents(deps, bytes, caller.header("x-hub-signature-256"), caller.header("content-type"))) as {
      status: number;
      body: Record<string, unknown>;
    },
});

/** POST /api/messaging/sms/webhook: Twilio's status callbacks and incoming SMS (form-encoded), verified by X-Twilio-Signature. */
export const smsWebhook = defineEndpoint({
  method: "POST",
  path: SMS_WEBHOOK_PATH,
  access: "anyone",
  rawBody: true,
  input: rawInput,
  run: async ({ deps, caller }, { bytes }) =>
    answer(await smsEvents(deps, bytes, caller.header("x-twilio-signature"), caller.header("content-type"))) as {
      status: number;
      body: Record<string, unknown>;
    },
});

export const webhookEndpoints = [whatsappWebhookHandshake, whatsappWebhook, smsWebhook];
