import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { recordAudit } from "~server/audit/audit";
import { endSessionByRef, endSessionsOf, liveSessionCount, liveSessionsOf } from "~server/security/session";

/** One signed-in device as its holder (or staff) sees it: never the session's id or token. */
export interface SignedInDevice {
  /** The session's public reference (sessions.ref). */
  id: string;
  browser: string | null;
  os: string | null;
  ip: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** More live sessions than this are listed by most recent use; the rest still end with "all". */
const MAX_LISTED = 50;

/** The account's live sessions, most recently used first; `currentRef` marks this device. */
export async function listDevices(db: DB, userId: number, currentRef: string | null): Promise<SignedInDevice[]> {
  const rows = await liveSessionsOf(db, userId, nowIso(), MAX_LISTED);
  return rows.map((row) => ({
    id: row.ref!,
    browser: row.browser,
    os: row.os,
    ip: row.ip,
    signedInAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.ref === currentRef,
  }));
}

/** Ends one of the account's own sessions by its reference; false when it has none of that name. */
export async function endDevice(db: DB, userId: number, ref: string): Promise<boolean> {
  return endSessionByRef(db, userId, ref);
}

/** How many live sessions an account has (the staff page of an account shows it). */
export async function countDevices(db: DB, userId: number): Promise<number> {
  return liveSessionCount(db, userId, nowIso());
}

/** Staff end every session of an account (a lost phone, a shared computer). Audit logged. */
export async function endAllDevices(db: DB, actorId: number, userId: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select(["id", "email"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return null;
    const count = await endSessionsOf(trx, userId);
    await recordAudit(trx, { userId: actorId, action: "end_sessions", entity: "user", entityId: userId, name: user.email, summary: { ended: count } });
    return count;
  });
}
