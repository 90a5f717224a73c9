import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { recordAudit } from "~server/audit/audit";
import { serverT } from "~server/i18n";
import { queueMail } from "~server/mail/mail-queue";
import { localizePath, type Lang } from "~/i18n/lang";
import { createUser, findUserByEmail } from "./accounts.server";
import { newToken, tokenHash } from "./tokens.server";

/** An invitation is good for a week: long enough for a weekend, short enough to go stale. */
const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const normalEmail = (email: string) => email.trim().toLowerCase();

type InviteResult = { ok: true; token: string } | { ok: false; reason: "hasAccount" };

/**
 * Invites `email` to the staff: stores the token's hash (a newer invitation to the same address
 * replaces the older one) and queues the e-mail with the link, in one transaction, audit logged.
 * Someone who already has an account is promoted on their own page instead, after a confirmation.
 */
export async function inviteStaff(db: DB, input: { email: string; invitedBy: number; lang: Lang; publicUrl: string }): Promise<InviteResult> {
  const email = normalEmail(input.email);
  if (await findUserByEmail(db, email)) return { ok: false, reason: "hasAccount" };
  const token = newToken();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("staff_invites").where((eb) => eb.or([eb("email", "=", email), eb("expires_at", "<=", new Date(now).toISOString())])).execute();
    await trx
      .insertInto("staff_invites")
      .values({ id: tokenHash(token), email, invited_by: input.invitedBy, lang: input.lang, created_at: new Date(now).toISOString(), expires_at: new Date(now + INVITE_LIFETIME_MS).toISOString() })
      .execute();
    const t = (key: string) => serverT(input.lang, "accounts", `invite.mail.${key}`);
    const link = `${input.publicUrl}${localizePath("/admin/invite", input.lang)}?token=${token}`;
    await queueMail(trx, { to: email, subject: t("subject"), text: [t("intro"), "", link, "", t("expiry")].join("\n") });
    await recordAudit(trx, { userId: input.invitedBy, action: "invite", entity: "user", name: email });
  });
  return { ok: true, token };
}

/** The invited address while the link is live, else undefined. Spends nothing. */
export async function invitedEmail(db: DB, token: string): Promise<string | undefined> {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  const row = await db.selectFrom("staff_invites").select("email").where("id", "=", tokenHash(token)).where("expires_at", ">", nowIso()).executeTakeFirst();
  return row?.email;
}

/**
 * Creates the staff account of a live invitation. The link is spent first, in the same
 * transaction, so two submissions cannot both succeed. The e-mail is proven: the link reached it.
 * Returns the new account's id, or why not.
 */
export async function acceptStaffInvite(db: DB, input: { token: string; username: string; password: string }): Promise<{ ok: true; userId: number } | { ok: false; reason: "invalid" | "hasAccount" }> {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .deleteFrom("staff_invites")
      .where("id", "=", tokenHash(input.token))
      .where("expires_at", ">", nowIso())
      .returning(["email", "invited_by"])
      .executeTakeFirst();
    if (!spent) return { ok: false, reason: "invalid" } as const;
    const userId = await createUser(trx, { username: input.username, email: spent.email, password: input.password, role: "admin", emailVerified: true });
    // An account made with that address since the invitation is not taken over by the link.
    if (userId === null) return { ok: false, reason: "hasAccount" } as const;
    await recordAudit(trx, { userId, action: "join", entity: "user", entityId: userId, name: spent.email, summary: { invitedBy: spent.invited_by } });
    return { ok: true, userId } as const;
  });
}
