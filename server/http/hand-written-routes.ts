import type { Access } from "./endpoint";

/**
 * The routes still written by hand as Express handlers (not yet `defineEndpoint`s, issue 41), so
 * the OpenAPI document (openapi.ts) lists every mounted route. Paths as mounted (Express syntax).
 * `answer` is what a 2xx carries when it is not a JSON object. The contract test
 * (openapi.test.ts) fails on a mounted route missing here and on an entry no route serves; a
 * route that becomes an endpoint leaves this list.
 */
export interface HandWrittenRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  access: Access;
  summary: string;
  answer?: "json" | "json-array" | "csv" | "pdf" | "xml" | "rss" | "text" | "png" | "webp" | "mp4" | "calendar" | "manifest" | "redirect";
  /** When it also answers with a redirect: why (a page's address signed out, for one). */
  redirects?: string;
}

const anyone = "anyone" as const;

/**
 * What stays hand-written, all of it operations in server/http: each sits where no endpoint can.
 * /healthz and /metrics are mounted before the session, the security headers and the API's body
 * parsers (server/app.ts), so a load balancer's or Prometheus's poll every few seconds costs one
 * query at most and no session look-up, and keeps answering while the feature routers cannot;
 * /metrics also reads its bearer token itself (404 when unset, as if absent). The OpenAPI
 * document is built from the app's own router stack (req.app), after every router is mounted.
 */
export const handWrittenRoutes: readonly HandWrittenRoute[] = [
  // The document itself.
  { method: "GET", path: "/api/openapi.json", access: anyone, summary: "This OpenAPI 3.1 document" },
  // Operations (server/http).
  {
    method: "GET",
    path: "/healthz",
    access: anyone,
    summary: "200 {status: ok} while the database answers, else 503; 503 {status: draining} once the instance is shutting down",
  },
  { method: "GET", path: "/metrics", access: anyone, summary: "Prometheus text; needs Authorization: Bearer $METRICS_TOKEN (404 when unset)", answer: "text" },
];
