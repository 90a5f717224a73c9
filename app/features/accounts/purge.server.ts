import type { DB } from "~server/db/db";

/** The accounts feature's part of the daily purge (decision 145): used or expired reset links, expired set-up links. */
export async function purgeSpentLinks(db: DB, now: Date): Promise<Record<string, number>> {
  const nowText = now.toISOString();
  const resets = await db
    .deleteFrom("password_resets")
    .where((eb) => eb.or([eb("used_at", "is not", null), eb("expires_at", "<=", nowText)]))
    .executeTakeFirst();
  const setups = await db.deleteFrom("admin_setup_tokens").where("expires_at", "<=", nowText).executeTakeFirst();
  return { passwordResets: Number(resets.numDeletedRows), setupTokens: Number(setups.numDeletedRows) };
}
