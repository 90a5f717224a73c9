import { sql, type Kysely } from "kysely";
import { replaceCheck } from "~server/db/portable";

/**
 * A third role, `editor`: staff who write content but do not manage accounts or settings
 * (issue 16). The users table's CHECK on `role` gains the value.
 * (replaceCheck: PostgreSQL swaps the constraint, SQLite rebuilds the table.)
 */
const OLD = "'user', 'admin'";
const NEW = "'user', 'editor', 'admin'";

export async function up(db: Kysely<unknown>): Promise<void> {
  await changeRoles(db, OLD, NEW);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update users set role = 'user' where role = 'editor'`.execute(db);
  await changeRoles(db, NEW, OLD);
}

async function changeRoles(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  await replaceCheck(db, "users", "role", from, to);
}
