import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response, Router as ExpressRouter } from "express";
import { Router } from "express";
import { LRUCache } from "lru-cache";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { DB } from "~server/db/db";
import type { RefundState } from "~server/db/schema";
import { jobCounts } from "~server/jobs/queue";

/**
 * Prometheus metrics of this process (prom-client), served at GET /metrics with a bearer token.
 * One registry per process: counters add up across every app the process builds (tests build many).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const requests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests by method, route pattern and status",
  labelNames: ["method", "route", "status"],
  registers: [registry],
});
const latency = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer, by method and route pattern",
  labelNames: ["method", "route"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});
const pageCache = new Counter({ name: "page_cache_total", help: "Anonymous page cache lookups", labelNames: ["result"], registers: [registry] });
const bookings = new Counter({ name: "demo_bookings_total", help: "Demo booking attempts by outcome", labelNames: ["outcome"], registers: [registry] });
export const mailFailures = new Counter({
  name: "mail_failures_total",
  help: "E-mail deliveries that failed (retry) or were given up (dead)",
  labelNames: ["result"],
  registers: [registry],
});
/** Stripe's webhook deliveries: stored and duplicate are counted where the event is stored, refusals from the answer. */
export const paymentWebhooks = new Counter({
  name: "payment_webhook_events_total",
  help: "Payment webhook deliveries by outcome: stored, duplicate (a redelivery), refused_signature, refused_type, error",
  labelNames: ["outcome"],
  registers: [registry],
});
const paymentEvents = new Counter({
  name: "payment_events_processed_total",
  help: "Stored payment events processed by the payment-event job, by outcome",
  labelNames: ["outcome"],
  registers: [registry],
});

/** What processPaymentEvent can answer; anything else (a provider's new dispute status) is counted as "other", so labels stay few. */
const PAYMENT_EVENT_OUTCOMES = new Set([
  "confirmed",
  "late-confirmed",
  "refunded",
  "mismatch",
  "payment-failed",
  "unknown",
  "duplicate",
  "ignored",
  "known",
  "reopened",
  "outside",
  "dispute-opened",
  "dispute-won",
  "dispute-lost",
  "dispute-warning_closed",
  "failed",
]);
/** Counts one run of the payment-event job by its outcome ("failed": it threw and will be retried). */
export function countPaymentEvent(outcome: string): void {
  paymentEvents.inc({ outcome: PAYMENT_EVENT_OUTCOMES.has(outcome) ? outcome : "other" });
}

const WEBHOOK_ROUTE = "POST /api/payments/stripe/webhook";
const webhookRefusal = (status: number) => (status === 400 ? "refused_signature" : status === 415 ? "refused_type" : status >= 500 ? "error" : undefined);

// The booking endpoint's answers, named for people reading a dashboard.
const BOOKING_ROUTE = "POST /api/courses/:course/demo-bookings";
const bookingOutcome = (status: number) => ({ 201: "booked", 409: "refused", 400: "invalid", 404: "not_found", 429: "rate_limited" })[status] ?? "error";

/** Counts every request by the route pattern that answered it (never the raw path, which has ids and slugs). */
export function requestMetrics(pagePattern: (pathname: string) => string | undefined): RequestHandler {
  const routeOf = requestRoute(pagePattern);
  return (req, res, next) => {
    countWhenDone(req, res, () => routeOf(req, res));
    next();
  };
}

/** The route pattern that answered a request, once it is answered (metrics and trace spans name requests by it). */
export function requestRoute(pagePattern: (pathname: string) => string | undefined): (req: Request, res: Response) => string {
  return (req, res) => {
    // API routes name their own pattern; pages all pass through one catch-all, so theirs comes
    // from the page route table.
    const apiRoute = req.route?.path && req.route.path !== "/{*path}" ? String(req.baseUrl + req.route.path) : undefined;
    // Static files are most requests: named by their prefix, without a route-table match.
    // A cache hit names the route that first answered (server/http/page-cache.ts keeps it).
    const route: string =
      res.locals.metricsRoute ?? apiRoute ?? (/^\/(assets|fonts|images|uploads)\//.test(req.path) ? "static" : (pagePattern(req.path) ?? "unmatched"));
    res.locals.metricsRoute = route;
    return route;
  };
}

/** Counts one request when its answer is sent; `routeOf` names its route pattern then (a cache hit answered before Express knows it already). */
export function countWhenDone(req: IncomingMessage, res: ServerResponse, routeOf: () => string): void {
  const stop = latency.startTimer();
  res.on("finish", () => {
    const route = routeOf();
    requests.inc({ method: req.method, route, status: String(res.statusCode) });
    stop({ method: req.method, route });
    const cache = res.getHeader("x-page-cache");
    if (cache === "hit" || cache === "miss") pageCache.inc({ result: cache });
    if (`${req.method} ${route}` === BOOKING_ROUTE) bookings.inc({ outcome: bookingOutcome(res.statusCode) });
    const refused = `${req.method} ${route}` === WEBHOOK_ROUTE ? webhookRefusal(res.statusCode) : undefined;
    if (refused) paymentWebhooks.inc({ outcome: refused });
  });
}

/** The page route pattern of a path ("/blog/:slug", "/ar/courses/:slug"), from the production build's route table. */
export function pageRoutePatterns(build: ServerBuild | undefined): (pathname: string) => string | undefined {
  if (!build) return () => undefined;
  type Entry = { id: string; parentId?: string; path?: string; index?: boolean };
  const byParent = new Map<string | undefined, Entry[]>();
  for (const route of Object.values(build.routes) as Entry[]) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map(
      (route) => ({ id: route.id, path: route.path, index: route.index, children: route.index ? undefined : tree(route.id) }) as RouteObject,
    );
  const routes = tree(undefined);
  // matchRoutes ranks the whole route table on every call: remember the answer per path.
  const known = new LRUCache<string, string>({ max: 2000 });
  return (pathname) => {
    const remembered = known.get(pathname);
    if (remembered !== undefined) return remembered || undefined;
    const matches = matchRoutes(routes, pathname);
    const pattern = matches
      ?.map((m) => m.route.path ?? "")
      .filter(Boolean)
      .join("/");
    const name = pattern === undefined ? "" : pattern === "*" ? "not-found" : `/${pattern}`;
    known.set(pathname, name);
    return name || undefined;
  };
}

/**
 * What the refunds gauge needs of billing, which owns `payments` (decision 153): server/ may not
 * import features, so createApp hands it over from the registry (server/features.ts).
 */
export interface MoneyReads {
  refundCountsByState(db: DB): Promise<Record<RefundState, number>>;
}

/** GET /metrics: Prometheus text. 404 unless METRICS_TOKEN is set; 401 without that bearer token. */
export function metricsRouter(db: DB, token: string | undefined, money: MoneyReads): ExpressRouter {
  const router = Router();
  const jobs = new Gauge({
    name: "jobs",
    help: "Background jobs by state (whole database)",
    labelNames: ["state"],
    registers: [],
    async collect() {
      for (const [state, n] of Object.entries(await jobCounts(db))) this.set({ state }, n);
    },
  });
  const refunds = new Gauge({
    name: "refunds",
    help: "Refunds by state: pending (asked of the provider, not settled), done, failed (whole database)",
    labelNames: ["state"],
    registers: [],
    async collect() {
      for (const [state, n] of Object.entries(await money.refundCountsByState(db))) this.set({ state }, n);
    },
  });
  router.get("/metrics", async (req, res) => {
    if (!token) {
      res.status(404).json({ message: "Not found." });
      return;
    }
    const given = Buffer.from(/^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "");
    const expected = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).set("WWW-Authenticate", "Bearer").json({ message: "A valid bearer token is required." });
      return;
    }
    // The jobs and refunds gauges read this app's database, so it joins the process-wide metrics per scrape.
    res.type(registry.contentType).send((await registry.metrics()) + (await ownText(jobs, refunds)));
  });
  return router;
}

async function ownText(...gauges: Gauge[]): Promise<string> {
  const own = new Registry();
  for (const gauge of gauges) own.registerMetric(gauge);
  return own.metrics();
}
