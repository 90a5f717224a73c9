import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { adminExists, createOrPromoteAdmin, findUserByEmail } from "./accounts.server";
import { newToken, tokenHash } from "~server/security/one-time-links";

const SETUP_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * While no staff account exists: stores a new one-time token (its hash) and returns the
 * /admin/setup link to print at start. Each start adds a link (several instances may start);
 * all of them stop working once a staff account exists.
 */
export async function adminSetupLink(db: DB, config: Pick<Config, "publicUrl">): Promise<string | null> {
  if (await adminExists(db)) return null;
  const token = newToken();
  const now = Date.now();
  await db.deleteFrom("admin_setup_tokens").where("expires_at", "<=", new Date(now).toISOString()).execute();
  await db
    .insertInto("admin_setup_tokens")
    .values({ id: tokenHash(token), created_at: new Date(now).toISOString(), expires_at: new Date(now + SETUP_LIFETIME_MS).toISOString() })
    .execute();
  return `${config.publicUrl}/admin/setup?token=${token}`;
}

/** True while the token is live and no staff account exists. */
export async function adminSetupTokenValid(db: DB, token: string): Promise<boolean> {
  if (!/^[\w-]{20,100}$/.test(token) || (await adminExists(db))) return false;
  const row = await db.selectFrom("admin_setup_tokens").select("id").where("id", "=", tokenHash(token)).where("expires_at", ">", nowIso()).executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates the first staff account with a live token. The token is spent first, in the same
 * transaction, so two submissions of one link cannot both succeed. Returns the new account's id.
 */
export async function completeAdminSetup(db: DB, input: { token: string; username: string; email: string; password: string }): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .deleteFrom("admin_setup_tokens")
      .where("id", "=", tokenHash(input.token))
      .where("expires_at", ">", nowIso())
      .returning("id")
      .executeTakeFirst();
    if (!spent || (await adminExists(trx))) return null;
    await createOrPromoteAdmin(trx, { username: input.username, email: input.email, password: input.password });
    // The other printed links die with the first staff account.
    await trx.deleteFrom("admin_setup_tokens").execute();
    return (await findUserByEmail(trx, input.email))?.id ?? null;
  });
}
