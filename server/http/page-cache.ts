import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { remembersArabic } from "~/i18n/lang";
import type { DB } from "~server/db/db";

/**
 * Server-rendered HTML for anonymous visitors, kept for a short while so repeated views of public
 * pages skip rendering. Staff edits invalidate it everywhere: every admin change writes the audit
 * log, and the newest audit id is part of the cache key (read at most once a second per process).
 * Personal or fast-changing pages (accounts, admin, booking seats) are never cached. Must run
 * after loadSession (server/security/session.ts).
 */
const NEVER = /^(?:\/ar)?\/(?:admin|login|signup|forgot-password|reset-password|auth|booking)(?:\/|$)|\/bookdemoclass(?:\/|$)/;

interface Entry {
  status: number;
  contentType: string;
  body: Buffer;
  nonce: string;
}

export function pageCache(db: DB, seconds: number): RequestHandler {
  if (seconds <= 0) return (_req, _res, next) => next();
  const cache = new LRUCache<string, Entry>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (e) => e.body.length + 100, ttl: seconds * 1000 });
  let version = { value: "", readAt: 0 };
  const contentVersion = async () => {
    if (Date.now() - version.readAt > 1000) {
      const row = await db.selectFrom("audit_log").select((eb) => eb.fn.max("id").as("v")).executeTakeFirst();
      version = { value: String(row?.v ?? 0), readAt: Date.now() };
    }
    return version.value;
  };

  return async (req, res, next) => {
    // "Anonymous" is what the session loader decided from the parsed cookies, the same reading
    // the page renderer gets, so no spelling of a session cookie can put a signed-in page here.
    const anonymous = res.locals.user == null;
    // The bare home page depends on the remembered language.
    const languageRedirect = req.path === "/" && remembersArabic(req.headers.cookie);
    if ((req.method !== "GET" && req.method !== "HEAD") || !anonymous || languageRedirect || NEVER.test(req.path)) return next();

    const key = `${await contentVersion()}|${req.originalUrl}`;
    const nonce = String(res.locals.cspNonce);
    const hit = cache.get(key);
    if (hit) {
      res.status(hit.status).type(hit.contentType).setHeader("X-Page-Cache", "hit");
      res.end(req.method === "HEAD" ? undefined : Buffer.from(hit.body.toString("utf8").replaceAll(hit.nonce, nonce)));
      return;
    }

    res.setHeader("X-Page-Cache", "miss");
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding) : Buffer.from(chunk as Uint8Array));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.on("finish", () => {
      const contentType = String(res.getHeader("content-type") ?? "");
      if (req.method === "GET" && res.statusCode === 200 && !res.getHeader("set-cookie") && /^text\/html|^text\/x-script/.test(contentType)) {
        cache.set(key, { status: res.statusCode, contentType, body: Buffer.concat(chunks), nonce });
      }
    });
    next();
  };
}
