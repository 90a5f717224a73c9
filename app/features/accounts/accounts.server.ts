import type { DB } from "../../../server/db/db";
import type { Role } from "../../../server/db/schema";
import { nowIso } from "../../../server/db/values";
import { decoyHash, hashPassword, verifyPassword } from "../../../server/security/passwords";
import type { SessionUser } from "../../../server/security/session";

const normalEmail = (email: string) => email.trim().toLowerCase();

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", normalEmail(email)).executeTakeFirst();
}

export type LoginResult = { ok: true; user: SessionUser } | { ok: false; reason: "invalid" | "disabled" };

/** Checks an e-mail and password; unknown e-mails cost the same time as wrong passwords. */
export async function authenticate(db: DB, email: string, password: string): Promise<LoginResult> {
  const row = await findUserByEmail(db, email);
  const valid = await verifyPassword(row?.password_hash ?? decoyHash, password);
  if (!row || !valid) return { ok: false, reason: "invalid" };
  if (row.disabled) return { ok: false, reason: "disabled" };
  return { ok: true, user: { id: row.id, username: row.username, email: row.email, role: row.role } };
}

/** Creates an account; returns null when the e-mail is taken. */
export async function createUser(
  db: DB,
  input: { username: string; email: string; password: string | null; contactNumber?: string; role?: Role; googleSub?: string | null },
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
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Creates a staff account, or promotes (and re-enables) the account with that e-mail. */
export async function createOrPromoteAdmin(db: DB, input: { email: string; password: string; username: string }): Promise<"created" | "promoted"> {
  const id = await createUser(db, { ...input, role: "admin" });
  if (id !== null) return "created";
  await db
    .updateTable("users")
    .set({ role: "admin", disabled: 0, password_hash: await hashPassword(input.password), updated_at: nowIso() })
    .where("email", "=", normalEmail(input.email))
    .execute();
  return "promoted";
}

export async function adminExists(db: DB): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("role", "=", "admin").where("disabled", "=", 0).executeTakeFirst();
  return row !== undefined;
}
