import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { serverT } from "~server/i18n";
import { z } from "zod";
import { defineMail, queueMail } from "~server/mail/mail-queue";
import { hashPassword } from "~server/security/passwords";
import { endAllSessions } from "~server/security/session";
import { mailedToken, newMailedToken, tokenHash } from "~server/security/one-time-links";
import { languages, localizePath, type Lang } from "~/i18n/lang";
import { textMail } from "~/lib/mail/html";

const RESET_LIFETIME_MS = 60 * 60 * 1000;

export const PASSWORD_LINK_MAIL = "password-link";

/** What the password link's queued mail keeps (decision 053): the seed its token is rebuilt from, not the token. */
const passwordLinkData = z.object({
  seed: z.string(),
  userId: z.number().int(),
  lang: z.enum(languages),
  /** "reset": a forgotten password; "set": a Google-only account's first password (decision 033). */
  purpose: z.enum(["reset", "set"]),
});

const SUBJECTS = { reset: "mail.resetSubject", set: "mail.setPasswordSubject" } as const;
const BODIES = { reset: "mail.resetBody", set: "mail.setPasswordBody" } as const;

/**
 * Issues a reset token for the account (only the newest unused link of an account works) and
 * queues the e-mail that carries it, in one transaction. The job keeps the token's seed, the table
 * its hash: the mail rebuilds the link with SESSION_SECRET when sent. Returns the token.
 */
export async function createPasswordReset(
  db: DB,
  secret: string,
  user: { id: number; email: string },
  mail: { lang: Lang; purpose: "reset" | "set" },
): Promise<string> {
  const { seed, token } = newMailedToken(secret, PASSWORD_LINK_MAIL);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("password_resets").where("user_id", "=", user.id).where("used_at", "is", null).execute();
    await trx
      .insertInto("password_resets")
      .values({
        id: tokenHash(token),
        user_id: user.id,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + RESET_LIFETIME_MS).toISOString(),
        used_at: null,
      })
      .execute();
    await queueMail(trx, passwordLinkMail, {
      to: user.email,
      subject: serverT(mail.lang, "accounts", SUBJECTS[mail.purpose]),
      data: { seed, userId: user.id, lang: mail.lang, purpose: mail.purpose },
    });
  });
  return token;
}

/** The password link's e-mail, made when its job runs. */
export const passwordLinkMail = defineMail(PASSWORD_LINK_MAIL, passwordLinkData, async ({ db, config }, { seed, userId, lang, purpose }) => {
  const user = await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
  const token = mailedToken(config.sessionSecret, PASSWORD_LINK_MAIL, seed);
  const link = `${config.publicUrl}${localizePath("/reset-password", lang)}?token=${token}${purpose === "set" ? "&purpose=set" : ""}`;
  return textMail([{ lang, text: serverT(lang, "accounts", BODIES[purpose], { name: user?.username ?? "", link }) }]);
});

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
