import type { Request, RequestHandler } from "express";
import { ipKeyGenerator, rateLimit, type IncrementResponse, type Store } from "express-rate-limit";
import { sql } from "kysely";
import { replaceControlCharacters } from "~/lib/control-characters";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { requestLang, serverT } from "~server/i18n";

/**
 * The stored key of a counter. Keys may come from request bodies (an e-mail as typed), and
 * PostgreSQL text refuses NUL: control characters become U+FFFD, so a hostile key is still counted.
 */
const storedKey = (prefix: string, key: string): string => prefix + replaceControlCharacters(key, "\ufffd");

/**
 * express-rate-limit counters kept in the application database, so every server instance
 * sharing one PostgreSQL (or one SQLite file) sees the same counts.
 */
/** A counter's row as the upsert returns it (PostgreSQL may answer a number as text). */
type CounterRow = { hits: number | string; reset_at: string };

class DatabaseStore implements Store {
  windowMs = 60_000;
  prefix: string;
  constructor(
    private readonly db: DB,
    prefix: string,
  ) {
    this.prefix = prefix;
  }

  init(options: { windowMs: number }): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = new Date();
    const nowText = now.toISOString();
    const resetText = new Date(now.getTime() + this.windowMs).toISOString();
    // One atomic upsert: start a new window when the old one has ended, else count one more hit.
    // Written as one SQL text (the same statement the query builder made): every rate-limited
    // request runs it, and the builder's five steps each clone and freeze the query's tree (issue 40).
    // It still passes through the database's plugins (trace spans).
    const { rows } = await sql<CounterRow>`insert into "rate_limits" ("key", "hits", "reset_at") values (${storedKey(this.prefix, key)}, ${1}, ${resetText})
      on conflict ("key") do update set
        "hits" = case when rate_limits.reset_at <= ${nowText} then 1 else rate_limits.hits + 1 end,
        "reset_at" = case when rate_limits.reset_at <= ${nowText} then ${resetText} else rate_limits.reset_at end
      returning "hits", "reset_at"`.execute(this.db);
    const row = rows[0];
    if (!row) throw new Error("The rate-limit upsert returned no row.");
    return { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .updateTable("rate_limits")
      .set({ hits: sql`hits - 1` })
      .where("key", "=", storedKey(this.prefix, key))
      .where("hits", ">", 0)
      .execute();
  }

  async resetKey(key: string): Promise<void> {
    await this.db.deleteFrom("rate_limits").where("key", "=", storedKey(this.prefix, key)).execute();
  }
}

interface LimitOptions {
  /** Counter name, unique per limit. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** What to count by; the client IP when absent. */
  keyBy?: (req: Request) => string;
  /** The refusal's locale key, answered in the client's language (default validation:tooManyRequests). */
  message?: { ns: string; key: string };
  /** Count only refused requests (4xx/5xx): a right password does not use up the owner's tries. */
  failuresOnly?: boolean;
}

/**
 * The key of a per-account limit that counts each client apart (decision 045): one client's
 * failures on an e-mail never hold back the same e-mail from another client, such as its owner.
 * The address is grouped as the per-client limits group it (an IPv6 client by its /56).
 */
// The address first: it holds no space, so no e-mail a client types can reach another client's key.
export const accountAndClient = (email: string, client: { ip?: string | undefined }): string => `${ipKeyGenerator(client.ip ?? "")} ${email}`;

/** Who a limit may key by: the caller's address and, when signed in, its account. */
export interface LimitCaller {
  ip: string;
  user?: { id: number } | null;
}

/** Per-account counting (not per address): a stolen session cannot try from many addresses. */
export const byCallerAccount = (caller: LimitCaller): string => `account:${caller.user?.id ?? 0}`;

/** The e-mail a sign-in or reset form names, as its counters key it (lower-cased, at most 254 characters). */
export const formEmail = (req: Request): string =>
  String((req.body as { email?: unknown } | undefined)?.email ?? "")
    .trim()
    .toLowerCase()
    .slice(0, 254);

/**
 * Takes one from a budget kept like the limits (`limit` per `windowMs` per key) without answering
 * anything: true while the budget lasts. For work done silently less often than asked, such as
 * the reset e-mails one address receives (decision 045).
 */
export async function spendBudget(
  { db, config }: { db: DB; config: Config },
  options: { name: string; key: string; limit: number; windowMs: number },
): Promise<boolean> {
  const store = new DatabaseStore(db, `${options.name}:`);
  store.init({ windowMs: options.windowMs });
  const { totalHits } = await store.increment(options.key);
  return totalHits <= options.limit * config.rateLimitMultiplier;
}

/**
 * A counter kept like the limits, for rules that are not "refuse the request" (issue 39: wrong
 * second-factor codes per account): `add` counts one (atomically, shared by every instance on the
 * database) and answers the window's total; `read` answers it without counting (0 once the window ended).
 */
export async function addToCounter(db: DB, options: { name: string; key: string; windowMs: number }): Promise<number> {
  const store = new DatabaseStore(db, `${options.name}:`);
  store.init({ windowMs: options.windowMs });
  return (await store.increment(options.key)).totalHits;
}

export async function readCounter(db: DB, options: { name: string; key: string }): Promise<number> {
  const row = await db
    .selectFrom("rate_limits")
    .select(["hits", "reset_at"])
    .where("key", "=", storedKey(`${options.name}:`, options.key))
    .executeTakeFirst();
  return row && row.reset_at > new Date().toISOString() ? Number(row.hits) : 0;
}

/** Forgets the counters of these limits for `key`. */
export async function clearCounters(db: DB, names: string[], key: string): Promise<void> {
  await db
    .deleteFrom("rate_limits")
    .where(
      "key",
      "in",
      names.map((name) => storedKey(`${name}:`, key)),
    )
    .execute();
}

/** A limit an endpoint declares (server/http/endpoint.ts); `keyBy` reads the caller and the raw input. */
export interface LimitSpec {
  name: string;
  limit: number;
  windowMs: number;
  /** What to count by; the client's address (IPv6 by its /56) when absent. */
  keyBy?: (caller: LimitCaller, input: unknown) => string;
  message?: { ns: string; key: string };
  /** Count only refused calls: the try is given back when the call succeeds. */
  failuresOnly?: boolean;
}

/**
 * Counts one call against a declared limit, for either transport (the JSON route or the page's
 * form post): allowed while within the limit; `refund` gives the try back (failures-only limits).
 */
export async function consumeLimit(
  { db, config }: { db: DB; config: Config },
  spec: LimitSpec,
  caller: LimitCaller,
  input: unknown,
): Promise<{ allowed: boolean; refund?: () => Promise<void> }> {
  const store = new DatabaseStore(db, `${spec.name}:`);
  store.init({ windowMs: spec.windowMs });
  const key = spec.keyBy ? spec.keyBy(caller, input) : ipKeyGenerator(caller.ip);
  const { totalHits } = await store.increment(key);
  const allowed = totalHits <= spec.limit * config.rateLimitMultiplier;
  return { allowed, ...(spec.failuresOnly && allowed ? { refund: () => store.decrement(key) } : {}) };
}

/** The e-mail a raw input names, as the per-account counters key it (lower-cased, at most 254 characters). */
export const inputEmail = (input: unknown): string =>
  String((input as { email?: unknown } | undefined)?.email ?? "")
    .trim()
    .toLowerCase()
    .slice(0, 254);

export function createRateLimit({ db, config }: { db: DB; config: Config }, options: LimitOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit * config.rateLimitMultiplier,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    store: new DatabaseStore(db, `${options.name}:`),
    ...(options.keyBy ? { keyGenerator: options.keyBy } : {}),
    ...(options.failuresOnly ? { skipSuccessfulRequests: true } : {}),
    handler: (req, res) => {
      const { ns, key } = options.message ?? { ns: "validation", key: "tooManyRequests" };
      res.status(429).json({ message: serverT(requestLang(req), ns, key) });
    },
  });
}

/** The daily purge's rate-limit windows (server/jobs/purge.ts): those already reset. Returns how many went. */
export async function purgeSpentRateLimits(db: DB, now: Date): Promise<number> {
  const deleted = await db.deleteFrom("rate_limits").where("reset_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
