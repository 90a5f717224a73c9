import type { DB } from "~server/db/db";
import { purgeFeatures } from "~server/features";
import { purgeSpentRateLimits } from "~server/security/rate-limit";
import { purgeExpiredSessions } from "~server/security/session";

const DAY = 24 * 60 * 60 * 1000;

/**
 * The daily purge: expired sessions, spent rate-limit windows, the features' spent rows (used or
 * expired reset and set-up tokens: the accounts manifest's `purge`), and finished jobs older than
 * 30 days. Each owner deletes its own rows (decision 145). Returns how many rows each lost.
 */
export async function purgeExpired(db: DB, now = new Date()): Promise<Record<string, number>> {
  const sessions = await purgeExpiredSessions(db, now);
  const rateLimits = await purgeSpentRateLimits(db, now);
  const features = await purgeFeatures(db, now);
  const jobs = await db
    .deleteFrom("jobs")
    .where("status", "=", "done")
    .where("updated_at", "<=", new Date(now.getTime() - 30 * DAY).toISOString())
    .executeTakeFirst();
  return { sessions, rateLimits, ...features, jobs: Number(jobs.numDeletedRows) };
}
