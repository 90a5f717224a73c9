import { createHmac, randomBytes } from "node:crypto";
import { parse as parseCookies } from "cookie";
import type { CookieOptions, RequestHandler } from "express";
import type { Caller } from "~server/http/endpoint";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { Role } from "~server/db/schema";
import { deviceLabel } from "./device-label";
import { endCalendarFeeds } from "./calendar-feeds";

/** The signed-in account as pages and endpoints see it (never the password hash). */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  role: Role;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * How long a session lives (decision 013): it ends after `idle` without a request, and in any
 * case `absolute` after sign-in. Staff sessions can change the whole site, so they are short.
 */
export const SESSION_LIFETIMES: Record<Role, { idle: number; absolute: number }> = {
  admin: { idle: 2 * HOUR, absolute: 12 * HOUR },
  editor: { idle: 2 * HOUR, absolute: 12 * HOUR },
  // Instructors see children's medical notes and parents' phones: a staff-length session.
  instructor: { idle: 2 * HOUR, absolute: 12 * HOUR },
  user: { idle: 30 * DAY, absolute: 90 * DAY },
};

interface Deps {
  db: DB;
  config: Config;
}

/**
 * What sessions need of the accounts feature, which owns `users` (decision 153): the account's role,
 * for its session's lifetime. server/ may not import features, so the registry (server/features.ts)
 * hands this over once at start. Kept on globalThis, as the enrolment subscribers are: the
 * production server holds two copies of this module (the Express server's build and the pages'
 * build, whose actions sign in too), and both must find it.
 */
export interface SessionAccounts {
  /** The account's role; throws when there is no such account. */
  existingAccount(db: DB, userId: number): Promise<{ role: Role }>;
}
const ACCOUNTS = Symbol.for("stem-academy.session-accounts");
const holder = globalThis as { [ACCOUNTS]?: SessionAccounts };

/** Called once by the registry (server/features.ts) with accounts' query functions. */
export function registerSessionAccounts(accounts: SessionAccounts): void {
  holder[ACCOUNTS] = accounts;
}

function sessionAccounts(): SessionAccounts {
  const accounts = holder[ACCOUNTS];
  if (!accounts) throw new Error("session accounts are not registered (server/features.ts registers them)");
  return accounts;
}

/** What a session change needs of the caller, whichever transport it came by: its address, headers and cookie jar. */
export type SessionCaller = Pick<Caller, "ip" | "header" | "cookies">;

/** Over https in production the cookie carries the `__Host-` prefix: no subdomain can set or widen it. */
function sessionCookieName(config: Pick<Config, "isProduction" | "publicUrl">): string {
  return secureCookies(config) ? "__Host-sid" : "sid";
}

function secureCookies(config: Pick<Config, "isProduction" | "publicUrl">): boolean {
  return config.isProduction && config.publicUrl.startsWith("https:");
}

/** The stored id of a session: an HMAC of the cookie's token under SESSION_SECRET. */
function sessionId(config: Config, token: string): string {
  return createHmac("sha256", config.sessionSecret).update(token).digest("base64url");
}

function cookieOptions(config: Config): CookieOptions {
  return { httpOnly: true, sameSite: "lax", secure: secureCookies(config), path: "/" };
}

/** The session token the request carries (parsed like every other cookie), if any. */
function sessionToken(config: Config, cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const token = parseCookies(cookieHeader)[sessionCookieName(config)];
  return token && token.length <= 100 ? token : undefined;
}

/**
 * Signs an account in. The session the request came with (if any) is deleted first, so a
 * sign-in never keeps a token that someone else may have planted or seen.
 */
export async function startSession({ db, config }: Deps, caller: SessionCaller, userId: number, kind: "password" | "google" | "passkey"): Promise<void> {
  const previous = sessionToken(config, caller.header("cookie"));
  if (previous) await db.deleteFrom("sessions").where("id", "=", sessionId(config, previous)).execute();
  const user = await sessionAccounts().existingAccount(db, userId);
  const lifetime = SESSION_LIFETIMES[user.role];
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await db
    .insertInto("sessions")
    .values({
      id: sessionId(config, token),
      user_id: userId,
      kind,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetime.idle).toISOString(),
      // For the holder's list of signed-in devices (devices.server.ts): never the token.
      ref: randomBytes(12).toString("base64url"),
      ...deviceLabel(caller.header("user-agent")),
      ip: clientIp(caller.ip),
    })
    .execute();
  // The cookie may outlive the idle limit: the server decides, the browser only forgets.
  caller.cookies.set(sessionCookieName(config), token, { ...cookieOptions(config), maxAge: lifetime.absolute });
}

/** The client address as resolved under TRUST_PROXY, bounded for storage. */
const clientIp = (ip: string | undefined): string | null => ip?.slice(0, 64) || null;

/** Ends the request's session on the server and clears the cookie. */
export async function endSession({ db, config }: Deps, caller: SessionCaller): Promise<void> {
  const token = sessionToken(config, caller.header("cookie"));
  if (token) await db.deleteFrom("sessions").where("id", "=", sessionId(config, token)).execute();
  caller.cookies.clear(sessionCookieName(config), cookieOptions(config));
}

/**
 * Ends every session of an account: after a password change or reset, a disable, or any change of
 * who may use it. The family's calendar feed URL ends with them (decision 068): whoever copied it
 * while holding the account loses it too; the family makes a new one on /account.
 */
export async function endAllSessions(db: DB, userId: number): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
  await endCalendarFeeds(db, userId);
}

/**
 * Puts the signed-in account (or null) on `res.locals.user`, the session kind on
 * `res.locals.sessionKind` and its public reference on `res.locals.sessionRef`. Expired sessions
 * (idle or absolute) and disabled accounts count as signed out.
 */
export function loadSession({ db, config }: Deps): RequestHandler {
  return async (req, res, next) => {
    res.locals.user = null;
    const token = sessionToken(config, req.headers.cookie);
    if (!token) return next();
    const id = sessionId(config, token);
    const row = await db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select([
        "sessions.kind",
        "sessions.ref",
        "sessions.created_at",
        "sessions.last_seen_at",
        "users.id",
        "users.username",
        "users.email",
        "users.role",
        "users.disabled",
      ])
      .where("sessions.id", "=", id)
      .executeTakeFirst();
    const now = Date.now();
    const lifetime = row ? SESSION_LIFETIMES[row.role] : undefined;
    // Limits come from the account's current role, so they also hold for sessions started earlier.
    const endsAt = row && lifetime ? Math.min(Date.parse(row.last_seen_at) + lifetime.idle, Date.parse(row.created_at) + lifetime.absolute) : 0;
    if (!row || !lifetime || row.disabled || endsAt <= now) {
      if (row) await db.deleteFrom("sessions").where("id", "=", id).execute();
      return next();
    }
    // Sliding expiry, refreshed at most every tenth of the idle limit (and every quarter hour, so the
    // devices list's "last seen" stays close) to avoid a write per request.
    if (now - Date.parse(row.last_seen_at) > Math.min(lifetime.idle / 10, 15 * 60_000)) {
      await db
        .updateTable("sessions")
        .set({
          last_seen_at: new Date(now).toISOString(),
          ip: clientIp(req.ip),
          expires_at: new Date(Math.min(now + lifetime.idle, Date.parse(row.created_at) + lifetime.absolute)).toISOString(),
        })
        .where("id", "=", id)
        .execute();
    }
    res.locals.user = { id: row.id, username: row.username, email: row.email, role: row.role } satisfies SessionUser;
    res.locals.sessionKind = row.kind;
    res.locals.sessionRef = row.ref;
    next();
  };
}

/** Ends one session of an account by its public reference (the account's devices list); false when it has none of that name. */
export async function endSessionByRef(db: DB, userId: number, ref: string): Promise<boolean> {
  const ended = await db.deleteFrom("sessions").where("user_id", "=", userId).where("ref", "=", ref).executeTakeFirst();
  return Number(ended.numDeletedRows) > 0;
}

/** Ends every session of an account and says how many (staff's "sign out everywhere"; the feed URL stays). */
export async function endSessionsOf(db: DB, userId: number): Promise<number> {
  const ended = await db.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/** Ends every other session of an account (a sign-in factor added or removed): the request's own stays. */
export async function endOtherSessions({ db, config }: Deps, caller: Pick<Caller, "header">, userId: number): Promise<void> {
  const token = sessionToken(config, caller.header("cookie"));
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (token) query = query.where("id", "!=", sessionId(config, token));
  await query.execute();
}

/** The daily purge's sessions (server/jobs/purge.ts): expired, or older than the longest lifetime. Returns how many went. */
export async function purgeExpiredSessions(db: DB, now: Date): Promise<number> {
  const longestSession = Math.max(...Object.values(SESSION_LIFETIMES).map((l) => l.absolute));
  const deleted = await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now.toISOString()), eb("created_at", "<=", new Date(now.getTime() - longestSession).toISOString())]))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** An account's live sessions that carry a reference (its devices), most recently used first, at most `limit`. */
export function liveSessionsOf(db: DB, userId: number, now: string, limit: number) {
  return db
    .selectFrom("sessions")
    .select(["ref", "browser", "os", "ip", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .where("ref", "is not", null)
    .orderBy("last_seen_at", "desc")
    .limit(limit)
    .execute();
}

/** How many live sessions an account has. */
export async function liveSessionCount(db: DB, userId: number, now: string): Promise<number> {
  const { n } = await db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(n);
}
