import { sql } from "kysely";
import type { DB } from "~server/db/db";

/**
 * The accounts' query module (decision 153): other features read `users` through these functions.
 * They return an account's own columns, never its password hash. Imports no feature, so any feature
 * may call it (accounts itself imports most of them): check-import-cycles.ts counts it as a node of
 * its own.
 */

const account = (db: DB, id: number) =>
  db.selectFrom("users").select(["id", "username", "email", "email_verified_at", "contact_number", "role", "disabled", "teacher_id"]).where("id", "=", id);

/** An account's name, contact, e-mail (and whether proven), role, state and teacher profile; undefined when there is none. */
export const accountById = (db: DB, id: number) => account(db, id).executeTakeFirst();

/** accountById for an account that must be there (the signed-in one): throws when it is not. */
export const existingAccount = (db: DB, id: number) => account(db, id).executeTakeFirstOrThrow();

/**
 * The account as its own profile, its data export and its erasure read it: its name, contact and
 * e-mail, role and times, and whether a password or a Google sign-in is set (never the hash or the
 * Google id). Throws when there is none (the signed-in account).
 */
export async function ownAccount(db: DB, id: number) {
  const { password_set, google_set, ...row } = await db
    .selectFrom("users")
    .select(["id", "username", "email", "email_verified_at", "contact_number", "role", "created_at", "updated_at"])
    .select(sql<number>`case when password_hash is null then 0 else 1 end`.as("password_set"))
    .select(sql<number>`case when google_sub is null then 0 else 1 end`.as("google_set"))
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  // 0 or 1 on both databases (a boolean expression would come back as 0/1 on SQLite, true/false on PostgreSQL).
  return { ...row, has_password: Number(password_set) === 1, google_linked: Number(google_set) === 1 };
}

/** The primary account of a family known by a proven e-mail: a parent's account (not staff) with that address proven; undefined when there is none. */
export function parentAccountByProvenEmail(db: DB, email: string) {
  return db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "user")
    .where("email_verified_at", "is not", null)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
}

/** Staff and instructors, by name, at most `limit` (who a family's thread may be given to). */
export function teachingMembers(db: DB, limit: number) {
  return db
    .selectFrom("users")
    .select(["id", "username", "email", "role"])
    .where("role", "in", ["admin", "editor", "instructor"])
    .orderBy("username")
    .limit(limit)
    .execute();
}

/** How many accounts there are. */
export function accountCount(db: DB) {
  return db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
}

/** Every account as staff's list shows it (never a password hash): add its filters, sort and page. */
export const accountList = (db: DB) =>
  db
    .selectFrom("users")
    .select(["id", "username", "email", "contact_number", "role", "teacher_id", "disabled", "email_verified_at", "created_at", "updated_at"]);

/** The ids of the active admins; `lock` (PostgreSQL) locks their rows until the transaction ends, so two demotions at once cannot both pass a check. */
export async function activeAdminIds(db: DB, options: { lock: boolean }): Promise<number[]> {
  const admins = db.selectFrom("users").select(["id"]).where("role", "=", "admin").where("disabled", "=", 0);
  return (await (options.lock ? admins.forUpdate() : admins).execute()).map((row) => row.id);
}

/**
 * The enabled accounts of the family whose primary is `primaryId`: the primary (role null) and each
 * guardian with the role the family gave them (guardians' rows joined), by id. One query.
 */
export function enabledFamilyAccounts(db: DB, primaryId: number) {
  return db
    .selectFrom("users as u")
    .leftJoin("family_guardians as g", "g.user_id", "u.id")
    .select(["u.id", "u.username", "g.role"])
    .where((eb) => eb.or([eb("u.id", "=", primaryId), eb("g.family_user_id", "=", primaryId)]))
    .where("u.disabled", "=", 0)
    .orderBy("u.id")
    .execute();
}
