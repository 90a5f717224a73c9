import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { applyStatus, receiveMessage, SMS_WEBHOOK_PATH } from "./delivery.server";
import { twilioSignatureValid } from "./providers.server";

/** What a webhook answers: a status and a JSON body, or the handshake's plain text. */
export type WebhookAnswer = { status: number; json: Record<string, unknown> } | { status: number; text: string };

const refuse = (status: number, message: string): WebhookAnswer => ({ status, json: { message } });

/** GET: Meta's verification handshake — hub.mode=subscribe with our verify token echoes hub.challenge; anything else 403. */
export function whatsappHandshake(config: Config, query: Record<string, unknown>): WebhookAnswer {
  if (!config.whatsapp) return refuse(404, "WhatsApp is not set up.");
  const mode = query["hub.mode"];
  const token = query["hub.verify_token"];
  const challenge = query["hub.challenge"];
  if (mode !== "subscribe" || typeof token !== "string" || !sameText(token, config.whatsapp.verifyToken)) return refuse(403, "Wrong verify token.");
  if (typeof challenge !== "string" || !/^[\w-]{1,200}$/.test(challenge)) return refuse(400, "hub.challenge is missing.");
  return { status: 200, text: challenge };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of the exact body with the app secret. */
export function whatsappSignatureValid(appSecret: string, body: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", appSecret).update(body).digest("hex");
  return sameText(header.slice(7).toLowerCase(), expected);
}

const text = (max: number) => z.string().max(max);
/** The parts of Meta's webhook payload used here; the rest is ignored (Meta adds fields). */
const whatsappPayload = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z.object({
                statuses: z
                  .array(
                    z.object({
                      id: text(200),
                      status: z.string().max(30),
                      errors: z
                        .array(z.object({ title: text(500).optional(), message: text(500).optional() }))
                        .max(10)
                        .optional(),
                    }),
                  )
                  .max(100)
                  .optional(),
                messages: z
                  .array(
                    z.object({
                      from: text(30),
                      id: text(200),
                      type: text(30),
                      text: z.object({ body: text(4096) }).optional(),
                      button: z.object({ text: text(200) }).optional(),
                    }),
                  )
                  .max(100)
                  .optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

/** POST from Meta: verified over the raw body, then statuses (sent, delivered, read, failed) and incoming messages. */
export async function whatsappEvents(
  deps: { config: Config; db: DB },
  body: unknown,
  signature: string | undefined,
  contentType: string | undefined,
): Promise<WebhookAnswer> {
  const config = deps.config.whatsapp;
  if (!config) return refuse(404, "WhatsApp is not set up.");
  // Meta posts UTF-8 JSON; anything else is not one of its events, signed or not.
  const [type, ...rest] = (contentType ?? "")
    .toLowerCase()
    .split(";")
    .map((part) => part.trim());
  if (type !== "application/json" || rest.some((part) => part.startsWith("charset=") && part.replace(/"/g, "") !== "charset=utf-8"))
    return refuse(415, "Send JSON.");
  if (!Buffer.isBuffer(body) || !whatsappSignatureValid(config.appSecret, body, signature)) return refuse(401, "Bad signature.");
  let parsed: z.infer<typeof whatsappPayload>;
  try {
    const result = whatsappPayload.safeParse(JSON.parse(body.toString("utf8")));
    if (!result.success) return refuse(400, "Not a WhatsApp event.");
    parsed = result.data;
  } catch {
    return refuse(400, "Not JSON.");
  }
  for (const entry of parsed.entry) {
    for (const change of entry.changes) {
      for (const status of change.value.statuses ?? []) {
        if (status.status === "sent" || status.status === "delivered" || status.status === "read" || status.status === "failed") {
          const error = status.errors?.[0];
          await applyStatus(deps.db, status.id, status.status, error ? `WhatsApp: ${error.message ?? error.title ?? "failed"}` : undefined);
        }
      }
      for (const message of change.value.messages ?? []) {
        const words = message.text?.body ?? message.button?.text ?? `[${message.type}]`;
        await receiveMessage(deps.db, { channel: "whatsapp", from: message.from, providerId: message.id, text: words });
      }
    }
  }
  return { status: 200, json: { received: true } };
}

const twilioFields = z.record(z.string().max(100), z.string().max(5000));
const TWILIO_STATUSES: Record<string, "sent" | "delivered" | "read" | "failed"> = {
  sent: "sent",
  delivered: "delivered",
  read: "read",
  failed: "failed",
  undelivered: "failed",
};

/**
 * POST from Twilio (form-encoded): verified with the library's validateRequest against the URL
 * Twilio was given (PUBLIC_URL + the path, as behind a proxy the request's own URL differs), then a
 * status callback (MessageSid + MessageStatus) or an incoming SMS (From + Body).
 */
export async function smsEvents(
  deps: { config: Config; db: DB },
  body: unknown,
  signature: string | undefined,
  contentType: string | undefined,
): Promise<WebhookAnswer> {
  const config = deps.config.twilio;
  if (!config) return refuse(404, "SMS is not set up.");
  if ((contentType ?? "").split(";")[0]!.trim().toLowerCase() !== "application/x-www-form-urlencoded") return refuse(415, "Send a form.");
  if (!Buffer.isBuffer(body) || !signature) return refuse(401, "Bad signature.");
  const fields = twilioFields.safeParse(Object.fromEntries(new URLSearchParams(body.toString("utf8"))));
  if (!fields.success) return refuse(400, "Not a Twilio request.");
  const url = `${deps.config.publicUrl}${SMS_WEBHOOK_PATH}`;
  if (!(await twilioSignatureValid(config, signature, url, fields.data))) return refuse(401, "Bad signature.");
  const { MessageSid: sid, MessageStatus: status, From: from, Body: words, ErrorCode: errorCode } = fields.data;
  if (!sid) return refuse(400, "MessageSid is missing.");
  if (status && TWILIO_STATUSES[status] && words === undefined)
    await applyStatus(deps.db, sid, TWILIO_STATUSES[status], errorCode ? `SMS: error ${errorCode}` : undefined);
  else if (from && words !== undefined) await receiveMessage(deps.db, { channel: "sms", from, providerId: sid, text: words });
  return { status: 200, json: { received: true } };
}
