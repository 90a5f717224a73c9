import { createHash } from "node:crypto";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { serverT } from "~server/i18n";
import { z } from "zod";
import { defineMail, queueMail } from "~server/mail/mail-queue";
import { signToken, verifyToken } from "~server/security/signed";
import { html } from "~/lib/mail/html";
import { languages, localizePath, type Lang } from "~/i18n/lang";

/**
 * "Confirm your e-mail" (issue 42, step 5): the link sent at sign-up, and again from /account,
 * proves the address with one tap, in its own words, without a password change (it used to be
 * the forgot-password detour). The token is the one signer's (server/security/signed.ts): the
 * account's id and a hash of its address, valid for 7 days, so a link sent before an address
 * change proves nothing about the new one. Nothing is stored; the queued mail keeps the account's
 * id and builds the link when it is sent.
 */
const PURPOSE = "email-proof";
const LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const addressKey = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);

export const emailProofToken = (secret: string, user: { id: number; email: string }, now = Date.now()) =>
  signToken(secret, PURPOSE, [user.id, addressKey(user.email)], now + LIFETIME_MS);

export const emailProofPath = (token: string, lang: Lang) => `${localizePath("/account/confirm-email", lang)}?token=${encodeURIComponent(token)}`;

/** Queues the confirmation e-mail of an account (pass the transaction that made it, if any). */
export async function queueEmailProof(db: DB, user: { id: number; email: string }, lang: Lang): Promise<void> {
  await queueMail(db, emailProofMail, { to: user.email, subject: serverT(lang, "email-proof", "mail.subject"), data: { userId: user.id, lang } });
}

/**
 * Proves the account's address when the token is ours, unexpired and made for its current
 * address. "proven" also when it already was (a second tap); otherwise why not.
 */
export async function proveEmail(db: DB, secret: string, token: string): Promise<"proven" | "invalid"> {
  const check = verifyToken(secret, PURPOSE, token, 2);
  if (!check.ok) return "invalid";
  const [id, key] = check.fields;
  if (!/^\d{1,10}$/.test(id ?? "")) return "invalid";
  const user = await db.selectFrom("users").select(["id", "email", "email_verified_at", "disabled"]).where("id", "=", Number(id)).executeTakeFirst();
  if (!user || user.disabled || addressKey(user.email) !== key) return "invalid";
  if (!user.email_verified_at) {
    const now = nowIso();
    await db.updateTable("users").set({ email_verified_at: now, updated_at: now }).where("id", "=", user.id).where("email_verified_at", "is", null).execute();
  }
  return "proven";
}

/** The confirmation e-mail, in the language the account was made in, with the link built now. */
export const emailProofMail = defineMail(
  "account-email-proof",
  z.object({ userId: z.number().int(), lang: z.enum(languages) }),
  async ({ db, config }, { userId, lang }) => {
    const user = await db.selectFrom("users").select(["id", "username", "email", "email_verified_at"]).where("id", "=", userId).executeTakeFirst();
    if (!user || user.email_verified_at) return null;
    const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "email-proof", key, values);
    const link = config.publicUrl + emailProofPath(emailProofToken(config.sessionSecret, user), lang);
    const text = [
      t("mail.greeting", { name: user.username }),
      "",
      t("mail.intro"),
      "",
      `${t("mail.button")}:`,
      link,
      "",
      t("mail.expires"),
      "",
      t("mail.signoff"),
    ].join("\n");
    const body = html`<p>${t("mail.greeting", { name: user.username })}</p>
<p>${t("mail.intro")}</p>
<p><a href="${link}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:bold">${t("mail.button")}</a></p>
<p>${t("mail.expires")}</p>
<p>${t("mail.signoff")}</p>`;
    return { lang, text, html: body };
  },
);
