import type { DB } from "~server/db/db";
import { SESSION_LIFETIMES } from "~server/security/session";

const DAY = 24 * 60 * 60 * 1000;

/**
 * The daily purge: expired sessions, spent rate-limit windows, used or expired reset and
 * set-up tokens, and finished jobs older than 30 days. Returns how many rows each lost.
 */
export async function purgeExpired(db: DB, now = new Date()): Promise<Record<string, number>> {
  const nowText = now.toISOString();
  const longestSession = Math.max(...Object.values(SESSION_LIFETIMES).map((l) => l.absolute));
  const deleted = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) => Number((await query.executeTakeFirst()).numDeletedRows);
  return {
    sessions: await deleted(
      db
        .deleteFrom("sessions")
        .where((eb) => eb.or([eb("expires_at", "<=", nowText), eb("created_at", "<=", new Date(now.getTime() - longestSession).toISOString())])),
    ),
    rateLimits: await deleted(db.deleteFrom("rate_limits").where("reset_at", "<=", nowText)),
    passwordResets: await deleted(db.deleteFrom("password_resets").where((eb) => eb.or([eb("used_at", "is not", null), eb("expires_at", "<=", nowText)]))),
    setupTokens: await deleted(db.deleteFrom("admin_setup_tokens").where("expires_at", "<=", nowText)),
    jobs: await deleted(
      db
        .deleteFrom("jobs")
        .where("status", "=", "done")
        .where("updated_at", "<=", new Date(now.getTime() - 30 * DAY).toISOString()),
    ),
  };
}
