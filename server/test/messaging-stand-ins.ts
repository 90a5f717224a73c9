import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local stand-ins for the messaging providers (decision 127), on loopback only.
 *
 * WhatsApp: the Graph API's `POST /{phone-number-id}/messages` (Bearer token, JSON, Meta's answer
 * `{ messaging_product, contacts, messages: [{ id: "wamid..." }] }` and error shape), and the
 * webhook calls Meta makes: status changes and incoming messages as `whatsapp_business_account`
 * events, signed `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, body)>`.
 *
 * Twilio: the Messages resource `POST /2010-04-01/Accounts/{sid}/Messages.json` (Basic auth with
 * the account SID and auth token, form-encoded To / From or MessagingServiceSid / Body /
 * StatusCallback, Twilio's JSON message and error shape), and its callbacks, form-encoded and signed
 * as Twilio signs them: `X-Twilio-Signature` = base64 HMAC-SHA1(auth token, the URL + each field
 * name and value, sorted by name).
 */
export interface Sent {
  /** What was asked, as JSON (WhatsApp) or the form fields (Twilio). */
  body: Record<string, unknown>;
  id: string;
}

interface StandIn {
  url: string;
  /** Requests accepted, in order. */
  sent: Sent[];
  /** Requests refused on purpose (a 503). */
  refused: number;
  /** Fails the first try of every second distinct message (same content asked again is the retry). */
  failHalfFirstTries(on: boolean): void;
  /** Where the app listens (its webhook), set after start. */
  setAppUrl(url: string): void;
  stop(): Promise<void>;
}

export interface WhatsAppStandIn extends StandIn {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  /** Meta's status event for a message; answers the webhook's status. */
  status(id: string, status: "sent" | "delivered" | "read" | "failed"): Promise<number>;
  /** A guardian writes to the business number. */
  inbound(from: string, text: string): Promise<number>;
  sign(body: string, secret?: string): string;
}

export interface TwilioStandIn extends StandIn {
  accountSid: string;
  authToken: string;
  from: string;
  /** The status callback Twilio makes for a message (to the StatusCallback it was given). */
  status(sid: string, status: "sent" | "delivered" | "undelivered" | "failed"): Promise<number>;
  /** A guardian texts the academy's number; `webhookUrl` is the URL configured for incoming SMS (the signature covers it). */
  inbound(from: string, text: string, webhookUrl: string): Promise<number>;
  sign(url: string, params: Record<string, string>, token?: string): string;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    handler(req, res).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Every second distinct content fails its first try (a deterministic "half"). */
function halfFailer() {
  let on = false;
  const seen = new Set<string>();
  let distinct = 0;
  return {
    set: (value: boolean) => void (on = value),
    fails(content: string): boolean {
      if (!on || seen.has(content)) return false;
      seen.add(content);
      distinct += 1;
      return distinct % 2 === 1;
    },
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

export async function startWhatsAppStandIn(): Promise<WhatsAppStandIn> {
  const accessToken = `EAAG${randomBytes(24).toString("hex")}`;
  const phoneNumberId = "106540352242922";
  const appSecret = randomBytes(16).toString("hex");
  const verifyToken = randomBytes(16).toString("hex");
  const failer = halfFailer();
  let appUrl = "";
  const sent: Sent[] = [];
  const standIn = { refused: 0 } as { refused: number };
  const { server, url } = await listen(async (req, res) => {
    const body = await readBody(req);
    if (req.method !== "POST" || req.url !== `/${phoneNumberId}/messages`)
      return json(res, 404, { error: { message: "Unknown path", type: "GraphMethodException", code: 100 } });
    if (req.headers.authorization !== `Bearer ${accessToken}`)
      return json(res, 401, { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
    let asked: Record<string, unknown>;
    try {
      asked = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return json(res, 400, { error: { message: "Invalid JSON", type: "OAuthException", code: 100 } });
    }
    if (asked.messaging_product !== "whatsapp" || typeof asked.to !== "string")
      return json(res, 400, { error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 } });
    if (failer.fails(body)) {
      standIn.refused += 1;
      return json(res, 503, { error: { message: "Service temporarily unavailable", type: "OAuthException", code: 2, is_transient: true } });
    }
    const id = `wamid.${randomBytes(12).toString("base64url")}`;
    sent.push({ body: asked, id });
    json(res, 200, { messaging_product: "whatsapp", contacts: [{ input: asked.to, wa_id: asked.to }], messages: [{ id }] });
  });
  const sign = (payload: string, secret = appSecret) => `sha256=${createHmac("sha256", secret).update(payload).digest("hex")}`;
  const deliver = async (value: Record<string, unknown>) => {
    const payload = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "102290129340398",
          changes: [
            {
              field: "messages",
              value: { messaging_product: "whatsapp", metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId }, ...value },
            },
          ],
        },
      ],
    });
    const response = await fetch(`${appUrl}/api/messaging/whatsapp/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": sign(payload) },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  };
  return {
    url,
    sent,
    get refused() {
      return standIn.refused;
    },
    accessToken,
    phoneNumberId,
    appSecret,
    verifyToken,
    failHalfFirstTries: failer.set,
    setAppUrl: (value) => void (appUrl = value),
    sign,
    status: (id, status) => {
      const recipient = String(sent.find((message) => message.id === id)?.body.to ?? "");
      const errors = status === "failed" ? [{ code: 131026, title: "Message undeliverable", message: "Message undeliverable" }] : undefined;
      return deliver({ statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: recipient, ...(errors ? { errors } : {}) }] });
    },
    inbound: (from, text) =>
      deliver({
        contacts: [{ profile: { name: "Guardian" }, wa_id: from }],
        messages: [
          { from, id: `wamid.${randomBytes(12).toString("base64url")}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } },
        ],
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const from = "+15005550006";
  const failer = halfFailer();
  let appUrl = "";
  const sent: Sent[] = [];
  const callbacks = new Map<string, string>();
  const standIn = { refused: 0 };
  const sign = (url: string, params: Record<string, string>, token = authToken) => {
    const data = Object.keys(params)
      .sort()
      .reduce((text, key) => text + key + params[key], url);
    return createHmac("sha1", token).update(Buffer.from(data, "utf8")).digest("base64");
  };
  const { server, url } = await listen(async (req, res) => {
    const body = await readBody(req);
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    if (req.method !== "POST" || req.url !== path) return json(res, 404, { code: 20404, message: "The requested resource was not found", status: 404 });
    if (req.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`)
      return json(res, 401, { code: 20003, message: "Authenticate", status: 401 });
    const fields = Object.fromEntries(new URLSearchParams(body));
    if (!fields.To || !fields.Body || !(fields.From || fields.MessagingServiceSid))
      return json(res, 400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
    if (failer.fails(body)) {
      standIn.refused += 1;
      return json(res, 503, { code: 20500, message: "Internal Server Error", status: 503 });
    }
    const sid = `SM${randomBytes(16).toString("hex")}`;
    if (fields.StatusCallback) callbacks.set(sid, fields.StatusCallback);
    sent.push({ body: fields, id: sid });
    const now = new Date().toUTCString();
    json(res, 201, {
      sid,
      account_sid: accountSid,
      to: fields.To,
      from: fields.From ?? null,
      messaging_service_sid: fields.MessagingServiceSid ?? null,
      body: fields.Body,
      status: "queued",
      num_segments: "1",
      direction: "outbound-api",
      date_created: now,
      date_updated: now,
      date_sent: null,
      price: null,
      error_code: null,
      error_message: null,
      uri: `${path.replace(".json", "")}/${sid}.json`,
      api_version: "2010-04-01",
    });
  });
  /** Posts signed form fields to the app; the signature covers `signedUrl` (what Twilio was given). */
  const post = async (signedUrl: string, params: Record<string, string>) => {
    const response = await fetch(`${appUrl}/api/messaging/sms/webhook`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": sign(signedUrl, params) },
      body: new URLSearchParams(params).toString(),
    });
    await response.arrayBuffer();
    return response.status;
  };
  return {
    url,
    sent,
    get refused() {
      return standIn.refused;
    },
    accountSid,
    authToken,
    from,
    failHalfFirstTries: failer.set,
    setAppUrl: (value) => void (appUrl = value),
    sign,
    status: (sid, status) =>
      post(callbacks.get(sid) ?? "", {
        AccountSid: accountSid,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        ApiVersion: "2010-04-01",
        ...(status === "failed" || status === "undelivered" ? { ErrorCode: "30003" } : {}),
      }),
    inbound: (fromNumber, text, webhookUrl) => {
      const sid = `SM${randomBytes(16).toString("hex")}`;
      return post(webhookUrl, {
        AccountSid: accountSid,
        MessageSid: sid,
        SmsSid: sid,
        From: fromNumber,
        To: from,
        Body: text,
        NumMedia: "0",
        ApiVersion: "2010-04-01",
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The settings a test server needs to use both stand-ins. */
export function messagingEnv(whatsapp: WhatsAppStandIn, twilio: TwilioStandIn): Record<string, string> {
  return {
    WHATSAPP_ACCESS_TOKEN: whatsapp.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
    WHATSAPP_APP_SECRET: whatsapp.appSecret,
    WHATSAPP_VERIFY_TOKEN: whatsapp.verifyToken,
    WHATSAPP_API_URL: whatsapp.url,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    TWILIO_API_URL: twilio.url,
  };
}
