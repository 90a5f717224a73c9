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
const PLAIN_QUERY_KEYS = new Set([
  "page",
  "limit",
  "age",
  "childAge",
  "lang",
  "sort",
  "order",
  "dir",
  "status",
  "role",
  "kind",
  "entity",
  "action",
  "camp",
  "error",
  "view",
  "_routes",
]);
// Paths whose third part is itself a secret: a booking's unguessable reference, a waitlist link's
// token, a family's calendar feed token (decision 068). Express routes a path in any letter case
// (and, for /api/…/:token, whatever the part holds), so parts are compared decoded and lower-cased; the fixed action names stay readable.
const SECRET_AFTER = new Set(["demo-bookings", "demo-waitlist", "calendar-feeds"]);
const ACTIONS = new Set(["cancel", "reschedule", "accept", "leave"]);
const plain = (part: string): string => {
  try {
    return decodeURIComponent(part).toLowerCase();
  } catch {
    return part.toLowerCase();
  }
};
function redactPath(path: string): string {
  const parts = path.split("/");
  if (parts.length > 3 && plain(parts[1]!) === "api" && SECRET_AFTER.has(plain(parts[2]!)) && parts[3] !== "" && !ACTIONS.has(plain(parts[3]!))) {
    parts[3] = "[redacted]";
  }
  return parts.join("/");
}

/** A request URL as the logs may show it: secret query values and path parts replaced. */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = redactPath(queryAt === -1 ? url : url.slice(0, queryAt));
  if (queryAt === -1) return path;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const shown = [...params].map(([key, value]) => `${encodeURIComponent(key)}=${PLAIN_QUERY_KEYS.has(key) ? encodeURIComponent(value) : "[redacted]"}`);
  return `${path}?${shown.join("&")}`;
}
