import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";

/**
 * A family's calendar feed URL is a credential like a session (decision 068): it ends with the
 * account's sessions, so its rows sit here, below the features (decision 145). The timetable
 * feature makes the URL, and reads and serves the feed.
 */

/** Stores the account's feed (one row per account, replaced by an upsert so two clicks at once leave one feed). */
export async function storeCalendarFeed(db: DB, feed: { userId: number; seed: string; tokenHash: string; lang: Lang; createdAt: string }): Promise<void> {
  const values = { seed: feed.seed, token_hash: feed.tokenHash, lang: feed.lang, created_at: feed.createdAt };
  await db
    .insertInto("calendar_feeds")
    .values({ user_id: feed.userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

/** Ends the account's feed URL; returns how many rows went (0 or 1). */
export async function endCalendarFeeds(db: DB, userId: number): Promise<number> {
  const done = await db.deleteFrom("calendar_feeds").where("user_id", "=", userId).executeTakeFirst();
  return Number(done.numDeletedRows);
}

/** The account's stored feed (seed, token hash, when made), or undefined when it has none. */
export function calendarFeedOf(db: DB, userId: number) {
  return db.selectFrom("calendar_feeds").select(["id", "seed", "token_hash", "created_at"]).where("user_id", "=", userId).executeTakeFirst();
}

/** The feed whose token hashes to this ({ id, userId, lang }), or undefined. */
export function calendarFeedByHash(db: DB, hash: string) {
  return db.selectFrom("calendar_feeds").select(["id", "user_id as userId", "lang"]).where("token_hash", "=", hash).executeTakeFirst();
}

/** The account's feeds' settings only (language, when made): never the seed or token hash, either of which would rebuild or match the secret URL. */
export function calendarFeedSettings(db: DB, userId: number) {
  return db.selectFrom("calendar_feeds").select(["lang", "created_at"]).where("user_id", "=", userId).orderBy("id").execute();
}
