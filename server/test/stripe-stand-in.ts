import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Stripe (decision 085), on loopback only: the parts of Stripe's documented
 * HTTP API the official library calls here (POST /v1/checkout/sessions, GET
 * /v1/checkout/sessions/:id, POST /v1/refunds: form-encoded bodies, Bearer auth, Stripe's JSON
 * objects and error shape; a refund of part of a payment with `amount`, refused above what is left;
 * the `Idempotency-Key` header replaying the first answer, and refusing a key reused with other
 * parameters, as Stripe documents), a tiny hosted checkout page (/c/pay/:id) whose "Pay" button completes
 * the session, delivers the signed `checkout.session.completed` event to the webhook and redirects
 * to success_url, and the event signed exactly as Stripe signs it:
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(whsec, "<t>.<payload>")>`.
 * For decision 094 it also lists (GET /v1/refunds, GET /v1/payment_intents: Stripe's list objects,
 * `created[gte]`, `limit`, `starting_after`), keeps a refund's `metadata`, sends the signed
 * `refund.updated`, `charge.refunded` and `charge.dispute.*` events, makes a refund as the Stripe
 * dashboard would (no key, no metadata), and fails on request: `failNext` makes the next refund
 * calls answer 500 before doing anything, or do the refund and then answer 500 or drop the
 * connection (the answer lost, as after a client timeout).
 */
export interface StripeStandIn {
  /** What STRIPE_API_URL is set to. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where completed checkouts' events are posted (can be set after start: the app's URL). */
  setWebhookUrl(url: string): void;
  sessions: Map<string, StripeSession>;
  refunds: StripeRefund[];
  /** Every API request as method and path, in order (what the app asked the provider). */
  calls: string[];
  /** The next `times` POST /v1/refunds fail: `before` (500, nothing done), `after` (done, then 500), `drop` (done, then the connection closed unanswered). */
  failNext(mode: "before" | "after" | "drop", times?: number): void;
  /** A refund as the Stripe dashboard makes one (no idempotency key, no metadata). */
  dashboardRefund(paymentIntent: string, amount: number): StripeRefund;
  /** Events as Stripe sends them (decision 094). */
  refundUpdated(refund: StripeRefund, status: StripeRefund["status"]): StripeEvent;
  chargeRefunded(paymentIntent: string): StripeEvent;
  dispute(paymentIntent: string, type: "charge.dispute.created" | "charge.dispute.closed", status: string): StripeEvent;
  /** Completes an open session as the hosted page's "Pay" does, without delivering; returns its event. */
  complete(sessionId: string): StripeEvent;
  /** Delivers an event to the webhook, signed now (or at `timestamp`); answers the webhook's status. */
  deliver(event: StripeEvent, options?: { timestamp?: number; secret?: string }): Promise<number>;
  /** The Stripe-Signature header of a payload. */
  sign(payload: string, timestamp?: number, secret?: string): string;
  /**
   * How the refunds of a payment intent are answered (tests of the app's "unknown"; default `done`):
   * `done` as Stripe does; `refused` Stripe's 400 for every ask (nothing refunded); `unknown` the
   * first ask of each Idempotency-Key refunds the money and answers 500 `api_error` (Stripe's word
   * for an outcome it cannot tell, as a timeout is: the money moved, the app cannot know); later
   * asks with that key replay the refund as Stripe does, a new key refunds again.
   */
  setRefundAnswer(paymentIntent: string, answer: RefundAnswer): void;
  /** Every POST /v1/refunds as asked: its Idempotency-Key, the status answered, the refund made or replayed (null: none). */
  refundAsks: { key: string | null; paymentIntent: string | null; status: number; refundId: string | null }[];
  stop(): Promise<void>;
}

export type RefundAnswer = "done" | "refused" | "unknown";

export interface StripeSession {
  id: string;
  object: "checkout.session";
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  line_items_description: string;
}

export interface StripeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: "succeeded" | "pending" | "failed" | "canceled";
  failure_reason?: string;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

const MAX_BODY = 64 * 1024;
const MAX_SESSIONS = 10_000;
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects; arrays stay objects keyed by index. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[").slice(0, 8);
    let node = out;
    for (const [index, part] of path.entries()) {
      if (part === "__proto__" || part === "constructor" || part === "prototype") break;
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    }
  }
  return out;
}

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
  res.end(JSON.stringify(body));
}

/** Stripe's error shape. */
function fail(res: ServerResponse, status: number, type: string, message: string, param?: string) {
  send(res, status, { error: { type, message, ...(param ? { param } : {}) } });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * `refundDelayMs`: POST /v1/refunds waits that long before refunding and answering (a slow provider,
 * so that a process killed mid-stream leaves refunds asked and unanswered).
 */
export async function startStripeStandIn(
  options: { port?: number; secretKey?: string; webhookSecret?: string; webhookUrl?: string; refundDelayMs?: number } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  let webhookUrl = options.webhookUrl ?? "";
  const sessions = new Map<string, StripeSession>();
  const refunds: StripeRefund[] = [];
  const calls: string[] = [];
  const faults: ("before" | "after" | "drop")[] = [];
  // When each session was paid (a PaymentIntent's `created`, for the list).
  const paidAt = new Map<string, number>();
  // Stripe keeps a key's first answer (status and body) and the parameters it came with.
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const refundAnswers = new Map<string, RefundAnswer>();
  const refundAsks: StripeStandIn["refundAsks"] = [];
  let base = "";

  const sign = (payload: string, timestamp = now(), secret = webhookSecret) =>
    `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex")}`;

  const eventOf = (type: string, object: unknown): StripeEvent => ({
    id: id("evt"),
    object: "event",
    api_version: "2025-01-01",
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

  const deliver = async (event: StripeEvent, signing: { timestamp?: number; secret?: string } = {}) => {
    if (!webhookUrl) throw new Error("stripe stand-in: no webhook URL set");
    const payload = JSON.stringify(event, null, 2);
    const res = await fetch(webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": sign(payload, signing.timestamp, signing.secret),
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: payload,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  };

  const complete = (sessionId: string): StripeEvent => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`stripe stand-in: no session ${sessionId}`);
    if (session.status === "open") {
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = id("pi");
      session.url = null;
      paidAt.set(session.payment_intent, now());
    }
    const { line_items_description: _d, ...object } = session;
    return eventOf("checkout.session.completed", object);
  };

  const publicSession = (session: StripeSession) => {
    const { line_items_description: _d, ...object } = session;
    // An open session past its expiry is expired (Stripe expires them itself).
    if (object.status === "open" && object.expires_at <= now()) return { ...object, status: "expired" as const, url: null };
    return object;
  };

  const chargeOf = (intent: string) => `ch_${intent.slice(3)}`;
  const intentSession = (intent: string) => [...sessions.values()].find((session) => session.payment_intent === intent);
  const intentObject = (session: StripeSession) => ({
    id: session.payment_intent!,
    object: "payment_intent",
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: session.currency,
    status: "succeeded",
    latest_charge: chargeOf(session.payment_intent!),
    created: paidAt.get(session.payment_intent!) ?? session.created,
    livemode: false,
    metadata: {},
  });
  const chargeObject = (intent: string) => {
    const session = intentSession(intent);
    if (!session) throw new Error(`stripe stand-in: no payment ${intent}`);
    const own = refunds.filter((refund) => refund.payment_intent === intent);
    const refunded = own.filter((refund) => refund.status !== "failed" && refund.status !== "canceled").reduce((sum, refund) => sum + refund.amount, 0);
    return {
      id: chargeOf(intent),
      object: "charge",
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: refunded,
      currency: session.currency,
      payment_intent: intent,
      paid: true,
      refunded: refunded >= session.amount_total,
      status: "succeeded",
      created: paidAt.get(intent) ?? session.created,
      livemode: false,
      // Expanded as when the endpoint asks for `data.object.refunds` (recent API versions leave it out otherwise).
      refunds: { object: "list", data: own, has_more: false, url: `/v1/charges/${chargeOf(intent)}/refunds` },
    };
  };
  /** Stripe's list object: newest first, `created[gte]`, `limit` (1–100), `starting_after`. */
  const list = <T extends { id: string; created: number }>(url: string, rows: T[], query: URLSearchParams) => {
    const gte = Number(query.get("created[gte]") ?? "0");
    const limit = Math.min(Math.max(Number(query.get("limit") ?? "10") || 10, 1), 100);
    let sorted = rows.filter((row) => row.created >= gte).sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
    const after = query.get("starting_after");
    if (after) sorted = sorted.slice(sorted.findIndex((row) => row.id === after) + 1);
    return { object: "list", data: sorted.slice(0, limit), has_more: sorted.length > limit, url };
  };

  async function api(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    calls.push(`${req.method} ${path}`);
    const auth = req.headers.authorization ?? "";
    if (auth !== `Bearer ${secretKey}`) return fail(res, 401, "invalid_request_error", "Invalid API Key provided.");
    const body = req.method === "POST" ? await readBody(req) : "";
    if (body === null) return fail(res, 413, "invalid_request_error", "Request body too large.");
    const form = parseForm(body);
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      if (sessions.size >= MAX_SESSIONS) return fail(res, 429, "rate_limit_error", "Too many sessions in the stand-in.");
      const item = ((form.line_items as Record<string, unknown> | undefined)?.["0"] ?? {}) as Record<string, Record<string, unknown>>;
      const price = item.price_data ?? {};
      const amount = Number(str(price.unit_amount));
      const quantity = Number(str(item.quantity) ?? "1");
      const currency = str(price.currency);
      const successUrl = str(form.success_url);
      const expiresAt = Number(str(form.expires_at) ?? now() + 86_400);
      if (str(form.mode) !== "payment") return fail(res, 400, "invalid_request_error", "Missing required param: mode.", "mode");
      if (!Number.isInteger(amount) || amount < 1 || !currency || !/^[a-z]{3}$/.test(currency))
        return fail(res, 400, "invalid_request_error", "Invalid line_items[0][price_data].", "line_items[0][price_data]");
      if (!successUrl || !/^https?:\/\//.test(successUrl)) return fail(res, 400, "invalid_request_error", "Not a valid URL", "success_url");
      // Stripe's documented bounds: at least 30 minutes and at most 24 hours from creation.
      if (!Number.isInteger(expiresAt) || expiresAt < now() + 1800 - 5 || expiresAt > now() + 86_400) {
        return fail(
          res,
          400,
          "invalid_request_error",
          "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
          "expires_at",
        );
      }
      const sessionId = id("cs");
      const session: StripeSession = {
        id: sessionId,
        object: "checkout.session",
        amount_total: amount * quantity,
        amount_subtotal: amount * quantity,
        currency,
        client_reference_id: str(form.client_reference_id) ?? null,
        customer_email: str(form.customer_email) ?? null,
        created: now(),
        expires_at: expiresAt,
        livemode: false,
        locale: str(form.locale) ?? null,
        metadata: Object.fromEntries(
          Object.entries((form.metadata as Record<string, unknown>) ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"),
        ),
        mode: "payment",
        payment_intent: null,
        payment_status: "unpaid",
        status: "open",
        success_url: successUrl,
        cancel_url: str(form.cancel_url) ?? null,
        url: `${base}/c/pay/${sessionId}`,
        line_items_description: str((price.product_data as Record<string, unknown> | undefined)?.name) ?? "",
      };
      sessions.set(sessionId, session);
      return send(res, 200, publicSession(session));
    }
    const match = /^\/v1\/checkout\/sessions\/([\w-]{1,100})$/.exec(path);
    if (req.method === "GET" && match) {
      const session = sessions.get(match[1]!);
      if (!session) return fail(res, 404, "invalid_request_error", `No such checkout.session: '${match[1]}'`, "session");
      return send(res, 200, publicSession(session));
    }
    if (req.method === "GET" && path === "/v1/refunds") {
      const intent = query.get("payment_intent");
      return send(res, 200, list("/v1/refunds", intent ? refunds.filter((refund) => refund.payment_intent === intent) : refunds, query));
    }
    if (req.method === "GET" && path === "/v1/payment_intents") {
      return send(res, 200, list("/v1/payment_intents", [...sessions.values()].filter((session) => session.payment_intent !== null).map(intentObject), query));
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      if (options.refundDelayMs) await new Promise((resolve) => setTimeout(resolve, options.refundDelayMs));
      const fault = faults.shift();
      // A 5xx before anything is done: Stripe keeps no idempotent answer for it.
      if (fault === "before") return fail(res, 500, "api_error", "Something went wrong on Stripe's end.");
      const header = req.headers["idempotency-key"];
      const key = typeof header === "string" && header !== "" ? header : null;
      const intent = str(form.payment_intent) ?? null;
      const mode = (intent && refundAnswers.get(intent)) ?? "done";
      const ask = { key, paymentIntent: intent, status: 0, refundId: null as string | null };
      refundAsks.push(ask);
      const seen = key ? idempotent.get(key) : undefined;
      if (seen && seen.body !== body) {
        ask.status = 400;
        return fail(res, 400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
      }
      const answer = seen ?? { body, ...(mode === "refused" ? refusal() : refundOf(form)) };
      if (key) idempotent.set(key, answer);
      ask.refundId = answer.status === 200 ? (answer.answer as StripeRefund).id : null;
      // Done at Stripe, but the answer never reaches the app (a fault queued by the test, or the
      // intent's "unknown" mode on the first ask of a key).
      if (fault === "after" || (mode === "unknown" && !seen)) {
        ask.status = 500;
        return fail(res, 500, "api_error", "An unknown error occurred while processing your request.");
      }
      if (fault === "drop") return void res.socket?.destroy();
      ask.status = answer.status;
      return send(res, answer.status, answer.answer);
    }
    return fail(res, 404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${path}).`);
  }

  /** POST /v1/refunds: a refund object, or Stripe's error (as status and body, so an idempotent key can replay it). */
  function refundOf(form: Record<string, unknown>): { status: number; answer: unknown } {
    const error = (message: string, param: string) => ({ status: 400, answer: { error: { type: "invalid_request_error", message, param } } });
    const intent = str(form.payment_intent);
    const paid = [...sessions.values()].find((session) => session.payment_intent !== null && session.payment_intent === intent);
    if (!paid) return error(`No such payment_intent: '${intent ?? ""}'`, "payment_intent");
    const already = refunds.filter((refund) => refund.payment_intent === intent).reduce((sum, refund) => sum + refund.amount, 0);
    const amount = form.amount === undefined ? paid.amount_total - already : Number(str(form.amount));
    if (!Number.isInteger(amount) || amount < 1 || amount + already > paid.amount_total) {
      return error(
        `Refund amount (${Number.isInteger(amount) ? amount : String(form.amount)}) is greater than unrefunded amount on charge (${paid.amount_total - already})`,
        "amount",
      );
    }
    const metadata = Object.fromEntries(
      Object.entries((form.metadata as Record<string, unknown>) ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    const refund: StripeRefund = {
      id: id("re"),
      object: "refund",
      amount,
      currency: paid.currency,
      payment_intent: intent!,
      charge: chargeOf(intent!),
      status: "succeeded",
      metadata,
      created: now(),
    };
    refunds.push(refund);
    return { status: 200, answer: refund };
  }

  /** Stripe's answer to a refund it will not make (a disputed charge): nothing refunded. */
  function refusal(): { status: number; answer: unknown } {
    return {
      status: 400,
      answer: { error: { type: "invalid_request_error", code: "charge_disputed", message: "This charge has been disputed and cannot be refunded." } },
    };
  }

  /** The hosted checkout page: what is paid, "Pay", "Back". */
  async function hosted(req: IncomingMessage, res: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      return res.end("No such checkout session");
    }
    if (req.method === "POST") {
      if (session.status !== "open" || session.expires_at <= now()) {
        res.writeHead(410, { "Content-Type": "text/plain" });
        return res.end("This checkout session is no longer open");
      }
      await readBody(req);
      const event = complete(sessionId);
      // Stripe delivers the event and sends the customer back independently: here the event first.
      await deliver(event).catch(() => 0);
      res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
      return res.end();
    }
    // Stripe's amounts are in the currency's smallest unit: 2 decimals for USD, 3 for KWD, none for JPY (Intl knows each).
    const format = new Intl.NumberFormat("en-US", { style: "currency", currency: session.currency.toUpperCase() });
    const amount = format.format(session.amount_total / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stripe stand-in checkout</title></head>
<body><main><h1>Checkout (Stripe stand-in)</h1><p>${escapeHtml(session.line_items_description)}</p><p data-testid="amount">${escapeHtml(amount)}</p>
${session.status === "open" ? `<form method="post"><button type="submit">Pay ${escapeHtml(amount)}</button></form>` : `<p>This checkout session is ${escapeHtml(session.status)}.</p>`}
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ""}</main></body></html>`);
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const page = /^\/c\/pay\/([\w-]{1,100})$/.exec(path);
    const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
    const handling = page
      ? hosted(req, res, page[1]!)
      : path.startsWith("/v1/")
        ? api(req, res, path, query)
        : Promise.resolve(fail(res, 404, "invalid_request_error", "Unrecognized request URL."));
    handling.catch((error: unknown) => {
      if (!res.headersSent) fail(res, 500, "api_error", String(error));
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    secretKey,
    webhookSecret,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    sessions,
    refunds,
    calls,
    failNext: (mode, times = 1) => {
      for (let i = 0; i < times; i++) faults.push(mode);
    },
    dashboardRefund: (intent, amount) => {
      const session = intentSession(intent);
      if (!session) throw new Error(`stripe stand-in: no payment ${intent}`);
      const refund: StripeRefund = {
        id: id("re"),
        object: "refund",
        amount,
        currency: session.currency,
        payment_intent: intent,
        charge: chargeOf(intent),
        status: "succeeded",
        metadata: {},
        created: now(),
      };
      refunds.push(refund);
      return refund;
    },
    refundUpdated: (refund, status) => {
      refund.status = status;
      if (status === "failed") refund.failure_reason = "expired_or_canceled_card";
      return eventOf("refund.updated", { ...refund });
    },
    chargeRefunded: (intent) => eventOf("charge.refunded", chargeObject(intent)),
    dispute: (intent, type, status) => {
      const session = intentSession(intent);
      if (!session) throw new Error(`stripe stand-in: no payment ${intent}`);
      return eventOf(type, {
        id: `dp_${intent.slice(3)}`,
        object: "dispute",
        amount: session.amount_total,
        currency: session.currency,
        charge: chargeOf(intent),
        payment_intent: intent,
        reason: "fraudulent",
        status,
        created: now(),
        livemode: false,
      });
    },
    complete,
    deliver,
    sign,
    setRefundAnswer: (paymentIntent, answer) => {
      refundAnswers.set(paymentIntent, answer);
    },
    refundAsks,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
