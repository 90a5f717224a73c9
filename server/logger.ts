import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      // Never write credentials or session cookies to the logs.
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']", "*.password"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

// Query values that are never secret or personal; every other value is logged as "[redacted]"
// (reset, setup and cancel tokens, booking references, OAuth code and state, search words, next).
const PLAIN_QUERY_KEYS = new Set(["page", "limit", "age", "childAge", "lang", "sort", "order", "dir", "status", "role", "kind", "entity", "action", "camp", "error", "view", "_routes"]);
// Paths whose last part is itself a secret (a booking's unguessable reference).
const SECRET_PATH = /^(\/api\/demo-bookings\/)[^/]+/;

/** A request URL as the logs may show it: secret query values and path parts replaced. */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, "$1[redacted]");
  if (queryAt === -1) return path;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const shown = [...params].map(([key, value]) => `${encodeURIComponent(key)}=${PLAIN_QUERY_KEYS.has(key) ? encodeURIComponent(value) : "[redacted]"}`);
  return `${path}?${shown.join("&")}`;
}
