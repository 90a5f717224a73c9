import type { DB } from "~server/db/db";
import type { Role } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { hashPassword, passwordMatches } from "~server/security/passwords";
import { endAllSessions, type SessionUser } from "~server/security/session";

const normalEmail = (email: string) => email.trim().toLowerCase();

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", normalEmail(email)).executeTakeFirst();
}

type LoginResult = { ok: true; user: SessionUser } | { ok: false; reason: "invalid" | "disabled" };

/** Checks an e-mail and password; unknown e-mails cost the same time as wrong passwords. */
export async function authenticate(db: DB, email: string, password: string): Promise<LoginResult> {
  const row = await findUserByEmail(db, email);
  const valid = await passwordMatches(row?.password_hash, password);
  if (!row || !valid) return { ok: false, reason: "invalid" };
  if (row.disabled) return { ok: false, reason: "disabled" };
  return { ok: true, user: { id: row.id, username: row.username, email: row.email, role: row.role } };
}

/** Creates an account; returns null when the e-mail is taken. */
export async function createUser(
  db: DB,
  input: { username: string; email: string; password: string | null; contactNumber?: string; role?: Role; googleSub?: string | null; emailVerified?: boolean },
): Promise<number | null> {
  const now = nowIso();
  const row = await db
    .insertInto("users")
    .values({
      username: input.username.trim(),
      email: normalEmail(input.email),
      password_hash: input.password ? await hashPassword(input.password) : null,
      contact_number: input.contactNumber ?? "",
      role: input.role ?? "user",
      disabled: 0,
      google_sub: input.googleSub ?? null,
      email_verified_at: input.emailVerified ? now : null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Creates a staff account, or promotes (and re-enables) the account with that e-mail. The
 * operator vouches for the e-mail. A promoted account gets the operator's password and loses
 * every earlier session: whoever held one (perhaps someone who registered that e-mail without
 * owning it) must not carry it into the admin area.
 */
export async function createOrPromoteAdmin(db: DB, input: { email: string; password: string; username: string }): Promise<"created" | "promoted"> {
  const id = await createUser(db, { ...input, role: "admin", emailVerified: true });
  if (id !== null) return "created";
  const now = nowIso();
  const row = await db
    .updateTable("users")
    .set({ role: "admin", disabled: 0, password_hash: await hashPassword(input.password), email_verified_at: now, updated_at: now })
    .where("email", "=", normalEmail(input.email))
    .returning("id")
    .executeTakeFirstOrThrow();
  await endAllSessions(db, row.id);
  return "promoted";
}

export async function adminExists(db: DB): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("role", "=", "admin").where("disabled", "=", 0).executeTakeFirst();
  return row !== undefined;
}

/** What staff change on an account (role, teacher profile, disabled); sessions and audit stay with the caller. */
export async function setAccountAccess(
  db: DB,
  id: number,
  set: { role?: Role; teacher_id?: number | null; disabled?: number; updated_at: string },
): Promise<void> {
  await db.updateTable("users").set(set).where("id", "=", id).execute();
}
