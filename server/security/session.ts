import { createHmac, randomBytes } from "node:crypto";
import { parse as parseCookies } from "cookie";
import type { CookieOptions, RequestHandler, Response } from "express";
import type { Config } from "../config";
import type { DB } from "../db/db";
import type { Role } from "../db/schema";

/** The signed-in account as pages and endpoints see it (never the password hash). */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  role: Role;
}

export const SESSION_COOKIE = "sid";
const IDLE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry is refreshed at most this often, to avoid a write on every request.
const TOUCH_AFTER_MS = 60 * 60 * 1000;

interface Deps {
  db: DB;
  config: Config;
}

/** The stored id of a session: an HMAC of the cookie's token under SESSION_SECRET. */
function sessionId(config: Config, token: string): string {
  return createHmac("sha256", config.sessionSecret).update(token).digest("base64url");
}

function cookieOptions(config: Config): CookieOptions {
  return { httpOnly: true, sameSite: "lax", secure: config.isProduction && config.publicUrl.startsWith("https:"), path: "/" };
}

export async function startSession({ db, config }: Deps, res: Response, userId: number, kind: "password" | "google"): Promise<void> {
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
      expires_at: new Date(now.getTime() + IDLE_LIFETIME_MS).toISOString(),
    })
    .execute();
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(config), maxAge: IDLE_LIFETIME_MS });
}

/** Ends the request's session on the server and clears the cookie. */
export async function endSession({ db, config }: Deps, token: string | undefined, res: Response): Promise<void> {
  if (token) await db.deleteFrom("sessions").where("id", "=", sessionId(config, token)).execute();
  res.clearCookie(SESSION_COOKIE, cookieOptions(config));
}

export async function endAllSessions(db: DB, userId: number): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export function sessionToken(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? parseCookies(cookieHeader)[SESSION_COOKIE] : undefined;
}

/**
 * Puts the signed-in account (or null) on `res.locals.user` and the session kind on
 * `res.locals.sessionKind`. Expired sessions and disabled accounts count as signed out.
 */
export function loadSession({ db, config }: Deps): RequestHandler {
  return async (req, res, next) => {
    res.locals.user = null;
    const token = sessionToken(req.headers.cookie);
    if (!token || token.length > 100) return next();
    const id = sessionId(config, token);
    const row = await db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(["sessions.kind", "sessions.last_seen_at", "sessions.expires_at", "users.id", "users.username", "users.email", "users.role", "users.disabled"])
      .where("sessions.id", "=", id)
      .executeTakeFirst();
    const now = Date.now();
    if (!row || row.disabled || Date.parse(row.expires_at) <= now) {
      if (row) await db.deleteFrom("sessions").where("id", "=", id).execute();
      return next();
    }
    if (now - Date.parse(row.last_seen_at) > TOUCH_AFTER_MS) {
      await db
        .updateTable("sessions")
        .set({ last_seen_at: new Date(now).toISOString(), expires_at: new Date(now + IDLE_LIFETIME_MS).toISOString() })
        .where("id", "=", id)
        .execute();
    }
    res.locals.user = { id: row.id, username: row.username, email: row.email, role: row.role } satisfies SessionUser;
    res.locals.sessionKind = row.kind;
    next();
  };
}
