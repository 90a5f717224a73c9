import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { remembersArabic } from "~/i18n/lang";
import type { DB } from "~server/db/db";
import { requestLang } from "~server/i18n";
import { cacheKey, type CacheKey } from "./cache-key";
import { cachedSize, prepareResponse, sendCached, type CachedResponse } from "./cached-response";
import { contentVersion } from "./content-version";
import { hashPolicy, shareableHtml } from "./inline-script-hashes";

/**
 * Anonymous pages and public JSON reads, kept as ready-to-send bytes (decisions 011, 021 and 040).
 * Staff edits invalidate it everywhere: every admin change writes the audit log, and the newest
 * audit id is part of the key. Which requests may be held, and under which key, is cache-key.ts's
 * rule; only GET answers 200 without a cookie being set are stored, and only once a key has been
 * asked for twice (a URL nobody asks for again costs no compression and no memory).
 */

interface PageCache {
  /**
   * Before Express: answers a hit for a GET without any cookie from plain Node objects, when the
   * content version was read within the last second, and says whether it did. `observe` is told
   * the route that rendered the entry, before the answer is sent (logs and metrics, decision 039).
   */
  answerCookieless: (req: IncomingMessage, res: ServerResponse, observe: (route: string | undefined) => void) => boolean;
  /** First in Express's chain: the same, for a hit that had to wait for the content version. */
  serveCookieless: RequestHandler;
  /** Before the API app and the pages, after compression: keeps what is rendered for an anonymous visitor. */
  capture: RequestHandler;
  /** After the session loader: answers a hit for a request whose cookies name no live session. */
  serveAnonymous: RequestHandler;
  /** Resolves once every response captured so far is stored (compression runs in the background). */
  stored: () => Promise<void>;
}

/** At most this many bytes of pages held (bodies in three encodings, headers and keys). */
const MAX_BYTES = 32 * 1024 * 1024;
/** At most this many keys remembered as asked for once. */
const ASKED_KEYS = 2048;

const passThrough: RequestHandler = (_req, _res, next) => next();

export function pageCache(db: DB, seconds: number): PageCache {
  if (seconds <= 0)
    return { answerCookieless: () => false, serveCookieless: passThrough, capture: passThrough, serveAnonymous: passThrough, stored: async () => {} };
  // An expired entry stays until its page is rendered again (it is only old, not wrong: a staff
  // edit changes the key), so a burst of visitors never renders and compresses it all at once.
  // The size counts everything an entry holds, its key included, so the cap bounds the heap.
  const cache = new LRUCache<string, CachedResponse>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry, key) => cachedSize(entry) + key.length * 2,
    ttl: seconds * 1000,
    noDeleteOnStaleGet: true,
  });
  /** Keys asked for once and not stored: a second ask stores the render (bounded, oldest forgotten). */
  const askedOnce = new LRUCache<string, true>({ max: ASKED_KEYS });
  const refreshing = new Set<string>();
  /** Responses that must be rendered: the one request refreshing an expired entry. */
  const mustRender = new WeakSet<ServerResponse>();
  /** Responses the cache itself answered: their bytes are never stored again. */
  const answered = new WeakSet<ServerResponse>();
  const version = contentVersion(db);
  const storing = new Set<Promise<void>>();
  const pendingKeys = new Set<string>();
  const cookieless = (req: IncomingMessage) => req.headers.cookie === undefined && req.headers.authorization === undefined;

  // Read from the plain Node request (every handler here is mounted on the app, so its url is the
  // original one): the same answer before Express and inside it.
  const keyOfRequest = (req: IncomingMessage) => cacheKey(req.method, req.url ?? "/", remembersArabic(req.headers.cookie));
  // JSON messages follow ?lang= or Accept-Language; pages carry their language in the path.
  const keyFor = (contentVersion: string, req: IncomingMessage, key: CacheKey) => `${contentVersion}|${key.kind === "json" ? requestLang(req) : ""}|${key.url}`;
  /** A stored answer that may be sent now: fresh, or being rendered afresh by another request. */
  const usable = (key: string) => {
    const hit = cache.get(key, { allowStale: true });
    return hit && (cache.getRemainingTTL(key) > 0 || refreshing.has(key)) ? hit : undefined;
  };
  const answer = (req: IncomingMessage, res: ServerResponse, hit: CachedResponse) => {
    answered.add(res);
    sendCached(req, res, hit);
  };

  const serve =
    (anonymous: (req: Request, res: Response) => boolean): RequestHandler =>
    async (req, res, next) => {
      try {
        const cacheable = keyOfRequest(req);
        if (!cacheable || mustRender.has(res) || !anonymous(req, res)) return next();
        const key = keyFor(await version(), req, cacheable);
        const hit = usable(key);
        if (hit) return answer(req, res, hit);
        if (cache.peek(key, { allowStale: true })) {
          // This request renders the expired page afresh (the next check in the chain must not
          // answer it from the entry it is replacing); the others keep getting the old bytes.
          refreshing.add(key);
          mustRender.add(res);
          res.on("close", () => refreshing.delete(key));
        }
        res.setHeader("X-Page-Cache", "miss");
        next();
      } catch (error) {
        next(error);
      }
    };

  const serveCookieless = serve(cookieless);

  return {
    answerCookieless: (req, res, observe) => {
      const current = version.fresh();
      const cacheable = current === undefined || !cookieless(req) ? undefined : keyOfRequest(req);
      const hit = cacheable && usable(keyFor(current!, req, cacheable));
      if (!hit) return false;
      observe(hit.route);
      answer(req, res, hit);
      return true;
    },
    // No cookie and no credentials: nobody is signed in, whatever the session loader would add.
    // First in the chain, it also sees every write: whatever a write answered here changed, the
    // next request reads the content version again, so the writer sees it at once.
    serveCookieless: (req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD") res.once("finish", version.forget);
      return serveCookieless(req, res, next);
    },
    // "Anonymous" is what the session loader decided from the parsed cookies, the same reading
    // the renderer gets, so no spelling of a session cookie can put a signed-in page here.
    serveAnonymous: serve((_req, res) => res.locals.user == null),
    capture: async (req, res, next) => {
      const cacheable = keyOfRequest(req);
      if (!cacheable?.storable || req.method !== "GET") return next();
      const { kind } = cacheable;
      let key: string;
      try {
        key = keyFor(await version(), req, cacheable);
      } catch (error) {
        return next(error);
      }
      // Stored on the second ask (or when refreshing an entry that was asked for before).
      const wanted = askedOnce.has(key) || cache.peek(key, { allowStale: true }) !== undefined;
      if (!wanted) {
        askedOnce.set(key, true);
        return next();
      }
      const chunks = keepBody(res);
      res.on("finish", () => {
        // What the cache itself sent is its own stored bytes (compressed, perhaps): never a page.
        if (answered.has(res)) return;
        const type = String(res.getHeader("content-type") ?? "");
        const storable =
          res.statusCode === 200 &&
          res.locals.user == null &&
          !res.getHeader("set-cookie") &&
          // A page that says it is personal (a confirmation found by its reference) stays so.
          !/private|no-store/i.test(String(res.getHeader("cache-control") ?? "")) &&
          (kind === "json" ? /^application\/json/.test(type) : /^text\/html|^text\/x-script/.test(type));
        // One copy per key: while it is being compressed, other renders of the page are not kept.
        if (!storable || pendingKeys.has(key) || cache.has(key)) return;
        pendingKeys.add(key);
        askedOnce.delete(key);
        const done = store(key, res, Buffer.concat(chunks), kind === "page").catch(() => {
          // A response that cannot be compressed is simply not cached.
        });
        storing.add(done);
        void done.finally(() => {
          storing.delete(done);
          pendingKeys.delete(key);
        });
      });
      next();
    },
    stored: async () => {
      await Promise.all([...storing]);
    },
  };

  async function store(key: string, res: Response, body: Buffer, page: boolean) {
    const headers = res.getHeaders();
    const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
    let bytes = body;
    let hashes: string[] = [];
    if (page) {
      const shared = shareableHtml(body.toString("utf8"), nonce);
      bytes = Buffer.from(shared.html, "utf8");
      hashes = shared.hashes;
    }
    // Shared bytes get a policy without the first visitor's nonce: only the hashed scripts run.
    const policy = headers["content-security-policy"];
    if (typeof policy === "string") headers["content-security-policy"] = hashPolicy(policy, hashes);
    const route = typeof res.locals.metricsRoute === "string" ? res.locals.metricsRoute : undefined;
    cache.set(key, { ...(await prepareResponse(res.statusCode, headers, bytes)), route });
  }
}

/** Copies every body chunk the response writes (uncompressed: this runs after compression). */
function keepBody(res: Response): Buffer[] {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk == null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
          : Buffer.from(chunk as Uint8Array),
    );
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as typeof res.end;
  return chunks;
}
