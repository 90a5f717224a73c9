import { createHmac, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import type { Config } from "~server/config";
import type { ApiAnswer, ApiCall } from "~/lib/forms/form-state";

/** Carries the visitor's address on a page's form post into the API, signed with SESSION_SECRET. */
const IDENTITY_HEADER = "x-form-post-client";
const IDENTITY_SECONDS = 30;

/** Headers of the visitor's request that travel with it: who they are, their session, where the post came from. */
const FORWARDED = ["cookie", "origin", "sec-fetch-site", "host", "user-agent"] as const;

const signature = (config: Config, client: string, expires: number) =>
  createHmac("sha256", config.sessionSecret).update(`form-post\n${client}\n${expires}`).digest("base64url");

/**
 * Runs a page's form post through the JSON API (decision 019): the action calls the endpoint the
 * enhanced form calls, over loopback on the address the visitor's request arrived at, so the same
 * middleware (origin check, session, rate limits, honeypots, zod validation) and the same handler
 * answer it. The visitor's address, already resolved under TRUST_PROXY, goes along signed, so
 * rate limits count the visitor and not the server.
 */
export function apiDispatcher(config: Config): (req: Request) => ApiCall {
  return (req) =>
    async ({ method, path, body, lang }) => {
      const client = req.ip ?? "";
      const expires = Math.floor(Date.now() / 1000) + IDENTITY_SECONDS;
      const multipart = body instanceof FormData;
      const headers: Record<string, string> = {
        // fetch writes a FormData body's own multipart type (with its boundary).
        ...(multipart ? {} : { "content-type": "application/json" }),
        accept: "application/json",
        "accept-language": lang,
        [IDENTITY_HEADER]: `${client} ${expires} ${signature(config, client, expires)}`,
      };
      for (const name of FORWARDED) {
        const value = req.get(name);
        if (value !== undefined) headers[name] = value;
      }
      const local = req.socket.localAddress ?? "127.0.0.1";
      const host = local.startsWith("::ffff:") ? local.slice(7) : local.includes(":") ? `[${local}]` : local;
      const response = await fetch(`http://${host}:${req.socket.localPort}${path}`, { method, headers, body: multipart ? body : method === "DELETE" ? undefined : JSON.stringify(body ?? {}), redirect: "manual" });
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
 * Lets the API see the visitor behind a page's form post: a valid, unexpired signature from a
 * loopback peer sets `req.ip` to the signed address. Anything else loses the header.
 */
export function formPostClient(config: Config): RequestHandler {
  return (req, _res, next) => {
    const value = req.headers[IDENTITY_HEADER];
    if (value === undefined) return next();
    delete req.headers[IDENTITY_HEADER];
    const [client, expiresText, given] = typeof value === "string" ? value.split(" ") : [];
    const expires = Number(expiresText);
    const peer = req.socket.remoteAddress ?? "";
    const loopback = peer === "127.0.0.1" || peer === "::1" || peer === "::ffff:127.0.0.1";
    if (!loopback || !client || !given || !Number.isInteger(expires) || expires < Date.now() / 1000) return next();
    const expected = Buffer.from(signature(config, client, expires));
    const actual = Buffer.from(given);
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) {
      Object.defineProperty(req, "ip", { value: client, configurable: true });
    }
    next();
  };
}
