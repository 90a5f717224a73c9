import { randomBytes } from "node:crypto";
import type { DB, Trx } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { recordAudit } from "~server/audit/audit";
import { defineMail, queueMail } from "~server/mail/mail-queue";
import { hashPassword } from "~server/security/passwords";
import { endAllSessions } from "~server/security/session";
import { localizePath, type Lang } from "~/i18n/lang";
import { createUser, findUserByEmail } from "./accounts.server";
import { mailedToken, newMailedToken, tokenHash } from "~server/security/one-time-links";
import { inviteLanguages, inviteMailBody, inviteMailData, inviteSubject, type InviteLanguage } from "./staff-invite-mail.server";
import { teacherById } from "~/features/admin-content/queries.server";

/** An invitation is good for a week: long enough for a weekend, short enough to go stale. */
const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The staff roles an invitation can grant. */
export type InviteRole = "admin" | "editor" | "instructor";

const normalEmail = (email: string) => email.trim().toLowerCase();

export const STAFF_INVITE_MAIL = "staff-invite";

/** The invitation's e-mail, made when its job runs: the inviter, the classes, each language with its own link. */
export const staffInviteMail = defineMail(STAFF_INVITE_MAIL, inviteMailData, async ({ config, db }, data) => {
  const token = mailedToken(config.sessionSecret, STAFF_INVITE_MAIL, data.seed);
  return inviteMailBody(db, data, (lang) => `${config.publicUrl}${localizePath("/admin/invite", lang)}?token=${token}`);
});

type InviteResult = { ok: true; token: string; takesOver: boolean } | { ok: false; reason: "hasAccount" | "disabledAccount" | "noTeacher" };

/**
 * Invites `email` to the staff as `role`: stores the token's hash (a newer invitation to the same
 * address replaces the older one) and queues the e-mail with the link, in one transaction, audit
 * logged. An account whose e-mail was proven is promoted on its own page instead. An account whose
 * e-mail was never proven may be a squatter's (decision 042): the link goes to the address, and
 * whoever opens it takes that account over (`takesOver`).
 */
export async function inviteStaff(
  db: DB,
  input: { email: string; role: InviteRole; teacherId?: number | null; invitedBy: number; lang: Lang; language?: InviteLanguage; secret: string },
): Promise<InviteResult> {
  const email = normalEmail(input.email);
  // An instructor's invitation names the teacher profile they will teach as (decision 073).
  const teacherId = input.role === "instructor" ? (input.teacherId ?? null) : null;
  if (input.role === "instructor" && (teacherId === null || !(await teacherById(db, teacherId)))) return { ok: false, reason: "noTeacher" };
  const existing = await findUserByEmail(db, email);
  if (existing?.email_verified_at) return { ok: false, reason: "hasAccount" };
  if (existing?.disabled) return { ok: false, reason: "disabledAccount" };
  const { seed, token } = newMailedToken(input.secret, STAFF_INVITE_MAIL);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("staff_invites")
      .where((eb) => eb.or([eb("email", "=", email), eb("expires_at", "<=", new Date(now).toISOString())]))
      .execute();
    await trx
      .insertInto("staff_invites")
      .values({
        id: tokenHash(token),
        ref: randomBytes(12).toString("base64url"),
        email,
        role: input.role,
        teacher_id: teacherId,
        invited_by: input.invitedBy,
        lang: input.language === "en" || input.language === "ar" ? input.language : input.lang,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + INVITE_LIFETIME_MS).toISOString(),
      })
      .execute();
    // The job keeps the token's seed, the table its hash: the mail rebuilds the link when sent (decision 053).
    // Written in the invitee's language, or in both when the inviter does not know it (issue 42).
    const languages = inviteLanguages(input.language ?? "both");
    await queueMail(trx, staffInviteMail, {
      to: email,
      subject: inviteSubject(languages),
      data: { seed, lang: languages[0]!, languages, role: input.role, teacherId, invitedBy: input.invitedBy },
    });
    await recordAudit(trx, {
      userId: input.invitedBy,
      action: "invite",
      entity: "user",
      entityId: existing?.id,
      name: email,
      summary: { role: input.role, ...(teacherId === null ? {} : { teacherId }), takesOver: Boolean(existing) },
    });
  });
  return { ok: true, token, takesOver: Boolean(existing) };
}

/** Whether a live invitation to `email` was sent in the last ten minutes (no second e-mail then). */
export async function recentlyInvited(db: DB, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("staff_invites")
    .select("id")
    .where("email", "=", normalEmail(email))
    .where("created_at", ">", new Date(Date.now() - 10 * 60_000).toISOString())
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  return row !== undefined;
}

/** The invited address and role while the link is live, else undefined. Spends nothing. */
export async function invitedEmail(db: DB, token: string): Promise<{ email: string; role: InviteRole } | undefined> {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  return db.selectFrom("staff_invites").select(["email", "role"]).where("id", "=", tokenHash(token)).where("expires_at", ">", nowIso()).executeTakeFirst();
}

type AcceptResult = { ok: true; userId: number; role: InviteRole } | { ok: false; reason: "invalid" | "hasAccount" | "inviterGone" };

/**
 * Makes the staff account of a live invitation. The link is spent first, in the same transaction,
 * so two submissions cannot both succeed. The inviter must still be an enabled admin (issue 25):
 * an invitation does not outlive its sender's power. The e-mail is proven (the link reached it),
 * so an account of that address whose e-mail was never proven is taken over, as Google sign-in
 * does (decision 013): its old password, name and sessions go. A proven account is not touched.
 */
export async function acceptStaffInvite(db: DB, input: { token: string; username: string; password: string }): Promise<AcceptResult> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx): Promise<AcceptResult> => {
    const spent = await trx
      .deleteFrom("staff_invites")
      .where("id", "=", tokenHash(input.token))
      .where("expires_at", ">", nowIso())
      .returning(["email", "invited_by", "role", "teacher_id"])
      .executeTakeFirst();
    if (!spent) return { ok: false, reason: "invalid" };
    const inviter =
      spent.invited_by === null ? undefined : await trx.selectFrom("users").select(["role", "disabled"]).where("id", "=", spent.invited_by).executeTakeFirst();
    if (!inviter || inviter.role !== "admin" || inviter.disabled) return { ok: false, reason: "inviterGone" };

    const existing = await findUserByEmail(trx, spent.email);
    if (existing && (existing.email_verified_at || existing.disabled)) return { ok: false, reason: "hasAccount" };
    let userId: number;
    if (existing) {
      const now = nowIso();
      await trx
        .updateTable("users")
        .set({
          username: input.username.trim(),
          password_hash: passwordHash,
          role: spent.role,
          teacher_id: spent.role === "instructor" ? spent.teacher_id : null,
          email_verified_at: now,
          updated_at: now,
        })
        .where("id", "=", existing.id)
        .execute();
      await endAllSessions(trx, existing.id);
      userId = existing.id;
    } else {
      const created = await createUser(trx, { username: input.username, email: spent.email, password: input.password, role: spent.role, emailVerified: true });
      // Made by a parallel request in the meantime: not taken over blindly.
      if (created === null) return { ok: false, reason: "hasAccount" };
      userId = created;
      if (spent.role === "instructor") await trx.updateTable("users").set({ teacher_id: spent.teacher_id }).where("id", "=", userId).execute();
    }
    await recordAudit(trx, {
      userId,
      action: "join",
      entity: "user",
      entityId: userId,
      name: spent.email,
      summary: {
        invitedBy: spent.invited_by,
        role: spent.role,
        ...(spent.role === "instructor" ? { teacherId: spent.teacher_id } : {}),
        tookOver: Boolean(existing),
      },
    });
    return { ok: true, userId, role: spent.role };
  });
}

/** A pending invitation as the staff list shows it: never the token or its hash. */
export interface PendingInvite {
  id: string;
  email: string;
  role: InviteRole;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

/** Live invitations, newest first (bounded: a page of them is plenty, old ones expire in a week). */
export async function listPendingInvites(db: DB): Promise<PendingInvite[]> {
  const rows = await db
    .selectFrom("staff_invites")
    .leftJoin("users", "users.id", "staff_invites.invited_by")
    .select(["staff_invites.ref", "staff_invites.email", "staff_invites.role", "users.username", "staff_invites.created_at", "staff_invites.expires_at"])
    .where("staff_invites.expires_at", ">", nowIso())
    .where("staff_invites.ref", "is not", null)
    .orderBy("staff_invites.created_at", "desc")
    .limit(100)
    .execute();
  return rows.map((row) => ({ id: row.ref!, email: row.email, role: row.role, invitedBy: row.username, createdAt: row.created_at, expiresAt: row.expires_at }));
}

/** Revokes a pending invitation by its reference; false when there is none. Audit logged. */
export async function revokeInvite(db: DB, actorId: number, ref: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom("staff_invites").where("ref", "=", ref).returning(["email", "role"]).executeTakeFirst();
    if (!gone) return false;
    await recordAudit(trx, { userId: actorId, action: "revoke_invite", entity: "user", name: gone.email, summary: { role: gone.role } });
    return true;
  });
}

/**
 * Ends every pending invitation an admin sent, when they stop being one (demoted or disabled),
 * inside the caller's transaction. Audit logged when there were any.
 */
export async function dropInvitesOf(trx: Trx, actorId: number, inviterId: number): Promise<void> {
  const gone = await trx.deleteFrom("staff_invites").where("invited_by", "=", inviterId).returning("email").execute();
  if (gone.length > 0)
    await recordAudit(trx, {
      userId: actorId,
      action: "revoke_invite",
      entity: "user",
      entityId: inviterId,
      summary: { inviterLostRole: true, count: gone.length },
    });
}
