import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { queueMail } from "~server/mail/mail-queue";
import type { MailMessage } from "~server/mail/mailer";
import { hashPassword } from "~server/security/passwords";
import { endAllSessions } from "~server/security/session";
import { newToken, tokenHash } from "./tokens.server";

const RESET_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Issues a reset token for the account (only the newest unused link of an account works) and
 * queues the e-mail that carries it, in one transaction. Returns the token.
 */
export async function createPasswordReset(db: DB, userId: number, mailFor: (token: string) => MailMessage): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("password_resets").where("user_id", "=", userId).where("used_at", "is", null).execute();
    await trx
      .insertInto("password_resets")
      .values({
        id: tokenHash(token),
        user_id: userId,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + RESET_LIFETIME_MS).toISOString(),
        used_at: null,
      })
      .execute();
    await queueMail(trx, mailFor(token));
  });
  return token;
}

/** Whether a reset link would still work (unknown, used and expired ones do not); spends nothing. */
export async function resetTokenUsable(db: DB, token: string): Promise<boolean> {
  const row = await db
    .selectFrom("password_resets")
    .select("id")
    .where("id", "=", tokenHash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets a new password with a reset token: the token is marked used in the same transaction
 * (so it works once, even when two requests race), and every session of the account ends.
 * Returns the account's e-mail, or undefined for an unknown, used or expired token.
 */
export async function resetPassword(db: DB, token: string, password: string): Promise<string | undefined> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("id", "=", tokenHash(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning("user_id")
      .executeTakeFirst();
    if (!row) return undefined;
    // The link reached the account's mailbox, so the e-mail is now proven to be the holder's.
    await trx.updateTable("users").set({ password_hash: passwordHash, email_verified_at: now, updated_at: now }).where("id", "=", row.user_id).execute();
    await endAllSessions(trx, row.user_id);
    const { email } = await trx.selectFrom("users").select("email").where("id", "=", row.user_id).executeTakeFirstOrThrow();
    return email;
  });
}
