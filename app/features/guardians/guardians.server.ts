import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { DB, Trx } from "~server/db/db";
import { isUniqueViolation } from "~server/db/errors";
import type { GuardianRole } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { recordAudit } from "~server/audit/audit";
import { defineMail, queueMail } from "~server/mail/mail-queue";
import { serverT } from "~server/i18n";
import { endAllSessions } from "~server/security/session";
import { mailedToken, newMailedToken, tokenHash } from "~server/security/one-time-links";
import { languages, localizePath, type Lang } from "~/i18n/lang";
import { textMail } from "~/lib/mail/html";
import { familyOf } from "~/features/family/account-owner.server";
import { passToAccount } from "~/features/enrolments/enrolments.server";
import { GUARDIAN_ROLES } from "~/features/family/family-parts";
import { accountById, existingAccount } from "~/features/accounts/queries.server";

/**
 * Guardians of a family (issue 45 item 3, decision 139): the primary guardian invites by e-mail
 * with a role; whoever opens the link, signed in with their own account (password, Google or a
 * passkey), joins the family with that role. The link is the staff invitation's machinery: a token
 * whose seed only the queued mail keeps, its SHA-256 in the table, good for a week, spent once.
 */

/** A week, as a staff invitation. */
const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Guardians and pending invitations of one family together: a family, not a mailing list. */
export const MAX_GUARDIANS = 8;

export const GUARDIAN_INVITE_MAIL = "guardian-invite";

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The invitation's mail: the token's seed (the link is rebuilt when sent, decision 053), who invites, the role. */
const guardianMailData = z.object({
  seed: z.string(),
  languages: z.array(z.enum(languages)).min(1),
  role: z.enum(GUARDIAN_ROLES),
  invitedBy: z.number().int(),
});

export const guardianInviteMail = defineMail(GUARDIAN_INVITE_MAIL, guardianMailData, async ({ config, db }, data) => {
  const token = mailedToken(config.sessionSecret, GUARDIAN_INVITE_MAIL, data.seed);
  const inviter = await accountById(db, data.invitedBy);
  return textMail(
    data.languages.map((lang) => {
      const t = (key: string, values: Record<string, string> = {}) => serverT(lang, "guardians", `mail.${key}`, values);
      const link = `${config.publicUrl}${localizePath("/guardian-invite", lang)}?token=${token}`;
      const role = serverT(lang, "guardians", `roles.${data.role}`);
      return {
        lang,
        text: [t("intro", { inviter: inviter?.username.trim() || t("someone"), role }), t(`what.${data.role}`), "", t("link"), link, "", t("expiry")].join(
          "\n",
        ),
      };
    }),
  );
});

export const guardianInviteSubject = (langs: Lang[]) => langs.map((lang) => serverT(lang, "guardians", "mail.subject")).join(" · ");

type InviteResult = { ok: true; token: string } | { ok: false; reason: "self" | "isGuardian" | "tooMany" };

/**
 * Invites `email` to the primary's family as `role`: stores the token's hash (a newer invitation to
 * the same address replaces the older one) and queues the e-mail, in one transaction, audited.
 */
export async function inviteGuardian(
  db: DB,
  input: { familyUserId: number; email: string; role: GuardianRole; lang: Lang; language: Lang | "both"; secret: string },
): Promise<InviteResult> {
  const email = normalEmail(input.email);
  const primary = await existingAccount(db, input.familyUserId);
  if (normalEmail(primary.email) === email) return { ok: false, reason: "self" };
  const { seed, token } = newMailedToken(input.secret, GUARDIAN_INVITE_MAIL);
  const now = Date.now();
  return db.transaction().execute(async (trx): Promise<InviteResult> => {
    // Expired invitations go; so does a pending one to the same address (the newer one replaces it).
    await trx
      .deleteFrom("family_guardians")
      .where("user_id", "is", null)
      .where((eb) =>
        eb.or([eb("expires_at", "<=", new Date(now).toISOString()), eb.and([eb("family_user_id", "=", input.familyUserId), eb("email", "=", email)])]),
      )
      .execute();
    const joined = await trx
      .selectFrom("family_guardians as g")
      .innerJoin("users as u", "u.id", "g.user_id")
      .select("g.id")
      .where("g.family_user_id", "=", input.familyUserId)
      .where((eb) => eb(eb.fn("lower", ["u.email"]), "=", email))
      .executeTakeFirst();
    if (joined) return { ok: false, reason: "isGuardian" };
    const { n } = await trx
      .selectFrom("family_guardians")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("family_user_id", "=", input.familyUserId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_GUARDIANS) return { ok: false, reason: "tooMany" };
    const langs: Lang[] = input.language === "both" ? ["en", "ar"] : [input.language];
    await trx
      .insertInto("family_guardians")
      .values({
        family_user_id: input.familyUserId,
        user_id: null,
        email,
        role: input.role,
        token_hash: tokenHash(token),
        ref: randomBytes(12).toString("base64url"),
        lang: langs[0]!,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + INVITE_LIFETIME_MS).toISOString(),
        accepted_at: null,
      })
      .execute();
    await queueMail(trx, guardianInviteMail, {
      to: email,
      subject: guardianInviteSubject(langs),
      data: { seed, languages: langs, role: input.role, invitedBy: input.familyUserId },
    });
    await recordAudit(trx, {
      userId: input.familyUserId,
      action: "invite_guardian",
      entity: "family",
      entityId: input.familyUserId,
      name: email,
      summary: { role: input.role },
    });
    return { ok: true, token };
  });
}

/** A live invitation as its page shows it (who invites, the role), else undefined. Spends nothing. */
export async function guardianInvitation(db: DB, token: string): Promise<{ inviter: string; role: GuardianRole } | undefined> {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  const row = await db
    .selectFrom("family_guardians as g")
    .innerJoin("users as p", "p.id", "g.family_user_id")
    .select(["p.username", "g.role"])
    .where("g.token_hash", "=", tokenHash(token))
    .where("g.user_id", "is", null)
    .where("g.expires_at", ">", nowIso())
    .where("p.disabled", "=", 0)
    .executeTakeFirst();
  return row ? { inviter: row.username, role: row.role } : undefined;
}

export type AcceptRefusal = "invalid" | "ownFamily" | "isGuardian" | "hasGuardians" | "staff";
type AcceptResult = { ok: true; role: GuardianRole; familyUserId: number } | { ok: false; reason: AcceptRefusal };

/**
 * Links the signed-in account to the family of a live invitation with its role. The row is claimed
 * by one conditional update (token still there, nobody linked, not expired), so two acceptances at
 * once link once; `user_id` UNIQUE keeps an account in one family even when two different links race.
 * The account gains power over the family: its other sessions end (the caller signs this one in again).
 */
export async function acceptGuardianInvite(db: DB, input: { token: string; userId: number }): Promise<AcceptResult> {
  const user = await existingAccount(db, input.userId);
  // Staff sessions are short and their power is the academy's: a staff account is nobody's guardian.
  if (user.role !== "user") return { ok: false, reason: "staff" };
  const hash = tokenHash(input.token);
  try {
    return await db.transaction().execute(async (trx): Promise<AcceptResult> => {
      const invitation = await trx
        .selectFrom("family_guardians as g")
        .innerJoin("users as p", "p.id", "g.family_user_id")
        .select(["g.id", "g.family_user_id", "g.role", "p.disabled"])
        .where("g.token_hash", "=", hash)
        .where("g.user_id", "is", null)
        .where("g.expires_at", ">", nowIso())
        .executeTakeFirst();
      if (!invitation || invitation.disabled) return { ok: false, reason: "invalid" };
      if (invitation.family_user_id === input.userId) return { ok: false, reason: "ownFamily" };
      if (await trx.selectFrom("family_guardians").select("id").where("user_id", "=", input.userId).executeTakeFirst())
        return { ok: false, reason: "isGuardian" };
      // A primary with guardians of its own cannot fold into another family: its guardians would follow nowhere.
      if (await trx.selectFrom("family_guardians").select("id").where("family_user_id", "=", input.userId).where("user_id", "is not", null).executeTakeFirst())
        return { ok: false, reason: "hasGuardians" };
      const now = nowIso();
      const claimed = await trx
        .updateTable("family_guardians")
        .set({ user_id: input.userId, token_hash: null, accepted_at: now })
        .where("id", "=", invitation.id)
        .where("token_hash", "=", hash)
        .where("user_id", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, reason: "invalid" };
      // Its own pending invitations go: only a primary invites.
      await trx.deleteFrom("family_guardians").where("family_user_id", "=", input.userId).where("user_id", "is", null).execute();
      await endAllSessions(trx, input.userId);
      await recordAudit(trx, {
        userId: input.userId,
        action: "join_family",
        entity: "family",
        entityId: invitation.family_user_id,
        summary: { role: invitation.role },
      });
      return { ok: true, role: invitation.role, familyUserId: invitation.family_user_id };
    });
  } catch (error) {
    // The same account won another link at the same moment (user_id UNIQUE).
    if (isUniqueViolation(error)) return { ok: false, reason: "isGuardian" };
    throw error;
  }
}

/** A guardian or pending invitation as /account lists it: never the token or its hash. */
export interface GuardianEntry {
  ref: string;
  email: string;
  name: string | null;
  role: GuardianRole;
  status: "pending" | "joined";
  /** When it joined, or when the invitation runs out. */
  at: string;
}

/** The family's guardians and live invitations, joined first (bounded by MAX_GUARDIANS). */
export async function listGuardians(db: DB, familyUserId: number): Promise<GuardianEntry[]> {
  const rows = await db
    .selectFrom("family_guardians as g")
    .leftJoin("users as u", "u.id", "g.user_id")
    .select(["g.ref", "g.email", "g.role", "g.user_id", "g.expires_at", "g.accepted_at", "u.username", "u.email as account_email"])
    .where("g.family_user_id", "=", familyUserId)
    .where((eb) => eb.or([eb("g.user_id", "is not", null), eb("g.expires_at", ">", nowIso())]))
    .orderBy("g.id")
    .limit(MAX_GUARDIANS)
    .execute();
  return rows
    .map((row): GuardianEntry => ({
      ref: row.ref,
      email: row.account_email ?? row.email,
      name: row.username,
      role: row.role,
      status: row.user_id === null ? "pending" : "joined",
      at: row.accepted_at ?? row.expires_at,
    }))
    .sort((a, b) => (a.status === b.status ? 0 : a.status === "joined" ? -1 : 1));
}

/**
 * Removes a guardian (or a pending invitation) of the primary's family by its reference. A guardian
 * loses the family at once: the link goes and every session of that account ends (as any loss of
 * power does, decision 013). Audited. False when the family has no such entry.
 */
export async function removeGuardian(db: DB, familyUserId: number, ref: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom("family_guardians")
      .where("ref", "=", ref)
      .where("family_user_id", "=", familyUserId)
      .returning(["user_id", "email", "role"])
      .executeTakeFirst();
    if (!gone) return false;
    if (gone.user_id !== null) await endAllSessions(trx, gone.user_id);
    await recordAudit(trx, {
      userId: familyUserId,
      action: "remove_guardian",
      entity: "family",
      entityId: familyUserId,
      name: gone.email,
      summary: { role: gone.role, joined: gone.user_id !== null },
    });
    return true;
  });
}

/**
 * When an account is deleted: a guardian's records made for the family pass to the primary (they
 * are the family's, not the guardian's) and its link goes; a primary's guardians lose the family
 * (their sessions end). Inside the deletion's transaction. True when the account was a guardian:
 * then the family's records are not the account's to erase.
 */
export async function leaveFamilyOnDelete(trx: Trx, userId: number): Promise<boolean> {
  const family = await familyOf(trx, userId);
  if (family.role !== "primary") {
    // The enrolments through their owner (decision 100), the other records here.
    await passToAccount(trx, userId, family.id);
    for (const table of ["demo_bookings", "section_waitlist", "consent_answers", "invoices", "meeting_absences"] as const)
      await trx.updateTable(table).set({ user_id: family.id }).where("user_id", "=", userId).execute();
    await trx.deleteFrom("family_guardians").where("user_id", "=", userId).execute();
    return true;
  }
  const guardians = await trx.deleteFrom("family_guardians").where("family_user_id", "=", userId).returning("user_id").execute();
  for (const guardian of guardians) if (guardian.user_id !== null) await endAllSessions(trx, guardian.user_id);
  return false;
}
