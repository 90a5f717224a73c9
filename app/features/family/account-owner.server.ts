import { sql, type Selectable } from "kysely";
import type { DB } from "~server/db/db";
import type { UsersTable } from "~server/db/schema";

/**
 * Which records are an account's (issue 17, decision 026): those carrying the account's id (made
 * while signed in), or sent with the account's e-mail AND that e-mail has been proven (decision
 * 013): registering someone else's address must never reveal what they booked. Here, below the
 * account space and the make-ups, so both ask the one question.
 */
export interface Owner {
  id: number;
  /** The account's e-mail when proven, else null (then only records carrying the id count). */
  provenEmail: string | null;
}

export async function ownerOf(db: DB, userId: number): Promise<Owner & { row: Selectable<UsersTable> }> {
  const row = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  return { id: row.id, provenEmail: row.email_verified_at ? row.email.toLowerCase() : null, row };
}

// E-mails of the forms are stored as typed; lower() on both sides makes "Sara@X" the same as "sara@x".
export const sameEmail = (column: string, email: string) => sql<boolean>`lower(${sql.ref(column)}) = ${email}`;

/** Rows the account holds: made while signed in (its id), or sent with its proven e-mail. */
export const ownedBy = (table: string, owner: Owner) =>
  owner.provenEmail
    ? sql<boolean>`(${sql.ref(`${table}.user_id`)} = ${owner.id} or ${sameEmail(`${table}.email`, owner.provenEmail)})`
    : sql<boolean>`${sql.ref(`${table}.user_id`)} = ${owner.id}`;
