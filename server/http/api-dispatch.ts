import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import type { Config } from "~server/config";
import type { ApiAnswer, ApiCall } from "~/lib/forms/form-state";

/** Carries the visitor's address on a page's form post into the API, signed with SESSION_SECRET. */
const IDENTITY_HEADER = "x-form-post-client";
const IDENTITY_SECONDS = 30;

/** Headers of the visitor's request that travel with it: who they are, their session, where the post came from. */
const FORWARDED = ["cookie", "origin", "sec-fetch-site", "host", "user-agent"] as const;

/**
 * The proof that this server sent the post: an HMAC over the visitor's address, an expiry, a
 * one-time nonce and the request it travels with (method and URL), so it cannot be lifted onto
 * another request or sent twice.
 */
const signature = (config: Config, client: string, expires: number, nonce: string, method: string, url: string) =>
  createHmac("sha256", config.sessionSecret).update(`form-post\n${client}\n${expires}\n${nonce}\n${method.toUpperCase()}\n${url}`).digest("base64url");

/**
 * Nonces already honoured, until they expire. Per process: the post comes back to the process that
 * sent it (same address and port), and a copy replayed at another process is still bound to its
 * method, URL and 30 seconds.
 */
const usedNonces = new Map<string, number>();
function firstUse(nonce: string, expires: number): boolean {
  const now = Date.now() / 1000;
  // Kept in about the order they expire, so the expired ones are at the front: no full scan per post.
  for (const [seen, until] of usedNonces) {
    if (until >= now) break;
    usedNonces.delete(seen);
  }
  if (usedNonces.has(nonce)) return false;
  usedNonces.set(nonce, expires);
  return true;
}

/**
 * Runs a page's form post through the JSON API (decision 019): the action calls the endpoint the
 * enhanced form calls, over loopback on the address the visitor's request arrived at, so the same
 * middleware (origin check, session, rate limits, honeypots, zod validation) and the same handler
 * answer it. The visitor's address, already resolved under TRUST_PROXY, goes along signed, so
 * rate limits count the visitor and not the server (whatever address the server is reached on).
 */
export function apiDispatcher(config: Config): (req: Request) => ApiCall {
  return (req) =>
    async ({ method, path, body, lang }) => {
      const client = req.ip ?? "";
      const expires = Math.floor(Date.now() / 1000) + IDENTITY_SECONDS;
      const nonce = randomBytes(12).toString("base64url");
      const local = req.socket.localAddress ?? "127.0.0.1";
      const host = local.startsWith("::ffff:") ? local.slice(7) : local.includes(":") ? `[${local}]` : local;
      // Signed as the receiving server will read it (req.originalUrl), after fetch's own normalising.
      const target = new URL(path, `http://${host}:${req.socket.localPort}`);
      const multipart = body instanceof FormData;
      const headers: Record<string, string> = {
        // fetch writes a FormData body's own multipart type (with its boundary).
        ...(multipart ? {} : { "content-type": "application/json" }),
        accept: "application/json",
        "accept-language": lang,
        [IDENTITY_HEADER]: `${client} ${expires} ${nonce} ${signature(config, client, expires, nonce, method, target.pathname + target.search)}`,
      };
      for (const name of FORWARDED) {
        const value = req.get(name);
        if (value !== undefined) headers[name] = value;
      }
      const response = await fetch(target, { method, headers, body: multipart ? body : method === "DELETE" ? undefined : JSON.stringify(body ?? {}), redirect: "manual" });
      let json: ApiAnswer["body"] = {};
      try {
        const parsed: unknown = await response.json();
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) json = parsed as ApiAnswer["body"];
      } catch {
        json = {};
      }
      return { status: response.status, body: json, cookies: response.headers.getSetCookie() };
    };
}

/**
 * Lets the API see the visitor behind a page's form post: a valid, unexpired, first-used signature
 * for this very request sets `req.ip` to the signed address. Anything else loses the header. The
 * peer's address is not checked: the post arrives from whatever address the server was reached on
 * (127.0.0.2, a container's, a proxy host's), and only this server can sign (issue 25).
 */
export function formPostClient(config: Config): RequestHandler {
  return (req, _res, next) => {
    const value = req.headers[IDENTITY_HEADER];
    if (value === undefined) return next();
    delete req.headers[IDENTITY_HEADER];
    const [client, expiresText, nonce, given] = typeof value === "string" ? value.split(" ") : [];
    const expires = Number(expiresText);
    const now = Date.now() / 1000;
    if (!client || !nonce || !given || !Number.isInteger(expires) || expires < now || expires > now + IDENTITY_SECONDS + 5) return next();
    const expected = Buffer.from(signature(config, client, expires, nonce, req.method, req.originalUrl));
    const actual = Buffer.from(given);
    if (actual.length === expected.length && timingSafeEqual(actual, expected) && firstUse(nonce, expires)) {
      Object.defineProperty(req, "ip", { value: client, configurable: true });
    }
    next();
  };
}
