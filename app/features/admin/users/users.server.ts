import type { DB } from "~server/db/db";
import { isPostgres } from "~server/db/db";
import type { Role } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { diffFields, recordAudit } from "~server/audit/audit";
import { endAllSessions } from "~server/security/session";
import type { CsvColumn } from "~/features/admin-kit/list/csv.server";
import { defineList } from "~/features/admin-kit/list/list-query.server";
import { dropInvitesOf } from "~/features/accounts/staff-invite.server";
import { setAccountAccess } from "~/features/accounts/accounts.server";
import type { UserUpdate } from "./users.schema";
import { allTeacherNames, teacherById } from "~/features/admin-content/queries.server";
import { accountById, accountList, activeAdminIds } from "~/features/accounts/queries.server";

/** Staff view of accounts: never the password hash. */
interface AdminUserRow {
  id: number;
  username: string;
  email: string;
  contact_number: string;
  role: Role;
  teacher_id: number | null;
  disabled: number;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export const usersList = defineList({
  search: ["username", "email", "contact_number"],
  sorts: { created: "created_at", name: "username", email: "email", role: "role" },
  defaultSort: "created",
  filters: { role: { values: ["user", "instructor", "editor", "admin"] as const } },
});

export const usersCsv: CsvColumn<AdminUserRow>[] = [
  { header: "Id", value: (u) => u.id },
  { header: "Name", value: (u) => u.username },
  { header: "E-mail", value: (u) => u.email },
  { header: "Contact number", value: (u) => u.contact_number },
  { header: "Role", value: (u) => u.role },
  { header: "Disabled", value: (u) => (u.disabled ? "yes" : "no") },
  { header: "Registered at", value: (u) => u.created_at, instant: true },
];

/** The list reads the accounts through their owner (accounts' query module, decision 153). */
export const usersBase = accountList;

export function getAdminUser(db: DB, id: number): Promise<AdminUserRow | undefined> {
  return usersBase(db).where("id", "=", id).executeTakeFirst();
}

const ROLE_RANK: Record<Role, number> = { user: 0, instructor: 1, editor: 1, admin: 2 };

type UserChangeResult =
  | { ok: true; user: AdminUserRow }
  | { ok: false; reason: "notFound" | "ownRole" | "ownDisable" | "lastAdmin" | "noTeacher" }
  /** Staff power for an account whose e-mail was never proven: refused, the caller invites instead. */
  | { ok: false; reason: "unproven"; email: string; role: "admin" | "editor" | "instructor"; teacherId: number | null };

/**
 * Changes an account's role and/or disabled flag, by a staff member. Staff cannot remove their
 * own staff role or disable themselves, and the last active staff account cannot lose its role
 * or be disabled. Disabling or a role change ends every session of the account. Audit logged.
 *
 * A staff role is not given to an account whose e-mail was never proven (decision 042): whoever
 * registered it may not own the address, and would sign in as staff with their own password.
 * An admin who is demoted or disabled loses their pending invitations in the same transaction.
 */
export async function changeUser(db: DB, actorId: number, id: number, change: UserUpdate): Promise<UserChangeResult> {
  return db.transaction().execute(async (trx) => {
    // On PostgreSQL, lock the active staff rows so two demotions at once cannot both pass the check.
    const activeAdmins = await activeAdminIds(trx, { lock: isPostgres(db) });

    const user = await accountById(trx, id);
    if (!user) return { ok: false, reason: "notFound" };
    // An instructor teaches as a teacher profile (decision 073): named with the role, or kept from before.
    const role = change.role ?? user.role;
    const teacherId = role === "instructor" ? (change.teacherId ?? (user.role === "instructor" ? user.teacher_id : null)) : null;
    if (role === "instructor" && (teacherId === null || !(await teacherById(trx, teacherId)))) {
      return { ok: false, reason: "noTeacher" };
    }
    // Any move away from admin (to editor or to a parent account) takes power away.
    const demote = change.role !== undefined && change.role !== "admin" && user.role === "admin";
    const disable = change.disabled === true && !user.disabled;
    if (id === actorId && demote) return { ok: false, reason: "ownRole" };
    if (id === actorId && disable) return { ok: false, reason: "ownDisable" };
    // More power than the account has (user → editor → admin), not a step down.
    const grantsStaff = change.role !== undefined && ROLE_RANK[change.role] > ROLE_RANK[user.role];
    if (grantsStaff && !user.email_verified_at)
      return { ok: false, reason: "unproven", email: user.email, role: change.role as "admin" | "editor" | "instructor", teacherId };
    const isActiveAdmin = activeAdmins.includes(id);
    if (isActiveAdmin && (demote || disable) && activeAdmins.length <= 1) return { ok: false, reason: "lastAdmin" };

    const set: { role?: Role; teacher_id?: number | null; disabled?: number; updated_at: string } = { updated_at: nowIso() };
    if (change.role !== undefined) set.role = change.role;
    const newTeacher = teacherId !== user.teacher_id;
    if (newTeacher) set.teacher_id = teacherId;
    if (change.disabled !== undefined) set.disabled = change.disabled ? 1 : 0;
    await setAccountAccess(trx, id, set);
    // Disabling, and any change of role, ends the account's sessions: power is granted or taken
    // only with a fresh sign-in (the actor cannot change their own role).
    // Another teacher profile opens other groups: that is a change of power too.
    if (disable || (change.role !== undefined && change.role !== user.role) || newTeacher) await endAllSessions(trx, id);
    // An invitation must not outlive its sender's power (issue 25).
    if (user.role === "admin" && (demote || disable)) await dropInvitesOf(trx, actorId, id);

    if ((change.role !== undefined && change.role !== user.role) || newTeacher) {
      const changes = diffFields({ role: user.role, teacher_id: user.teacher_id }, { role, teacher_id: teacherId });
      await recordAudit(trx, { userId: actorId, action: "role", entity: "user", entityId: id, changes });
    }
    if (change.disabled !== undefined && Boolean(user.disabled) !== change.disabled) {
      await recordAudit(trx, {
        userId: actorId,
        action: change.disabled ? "disable" : "enable",
        entity: "user",
        entityId: id,
        changes: { disabled: { from: Boolean(user.disabled), to: change.disabled } },
      });
    }
    const updated = await accountList(trx).where("id", "=", id).executeTakeFirstOrThrow();
    return { ok: true, user: updated };
  });
}

/** The teacher profiles an instructor can teach as (invitation and role forms), by name; bounded. */
export async function teacherChoices(db: DB, lang: "en" | "ar"): Promise<{ id: number; name: string }[]> {
  const rows = await allTeacherNames(db, 500);
  return rows.map((row) => ({ id: row.id, name: (lang === "ar" && row.name_ar.trim()) || row.name_en }));
}
