import { sql, type Selectable } from "kysely";
import type { DB } from "~server/db/db";
import type { UsersTable } from "~server/db/schema";

/**
 * Which records are an account's (issue 17, decision 026; issue 39): those carrying the account's
 * id (made while signed in), or sent with the account's e-mail AND that e-mail has been proven
 * (users.email_verified_at, decision 013): registering someone else's address must never reveal
 * what they booked. This file is the ONE rule: every family document and record (PDFs, CSVs,
 * certificates, consent answers, attendance, invoices, feeds, the data export) is reached through
 * ownerOf + ownedBy (in SQL) or owns (a row in hand). Nothing else may compare an account's e-mail.
 */
export interface Owner {
  id: number;
  /** The account's e-mail when proven, else null (then only records carrying the id count). */
  provenEmail: string | null;
}

export async function ownerOf(db: DB, userId: number): Promise<Owner & { row: Selectable<UsersTable> }> {
  const row = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  return { id: row.id, provenEmail: provenEmailOf(row), row };
}

/** An account row's e-mail when proven (lower-cased), else null. */
export const provenEmailOf = (row: { email: string; email_verified_at: string | null }): string | null =>
  row.email_verified_at ? row.email.trim().toLowerCase() : null;

// E-mails of the forms are stored as typed; lower() on both sides makes "Sara@X" the same as "sara@x".
export const sameEmail = (column: string, email: string) => sql<boolean>`lower(${sql.ref(column)}) = ${email}`;

/**
 * Rows the account holds: made while signed in (its id), or sent with its proven e-mail.
 * `emailColumn`: the row's e-mail (or family key) column, `email` unless named.
 */
export const ownedBy = (table: string, owner: Owner, emailColumn = "email") =>
  owner.provenEmail
    ? sql<boolean>`(${sql.ref(`${table}.user_id`)} = ${owner.id} or ${sameEmail(`${table}.${emailColumn}`, owner.provenEmail)})`
    : sql<boolean>`${sql.ref(`${table}.user_id`)} = ${owner.id}`;

/** The same rule for a row in hand (its account id and e-mail, either may be missing). */
export function owns(owner: Owner, record: { userId?: number | null; email?: string | null }): boolean {
  if (record.userId != null && record.userId === owner.id) return true;
  return owner.provenEmail !== null && typeof record.email === "string" && record.email.trim().toLowerCase() === owner.provenEmail;
}
