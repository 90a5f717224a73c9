import { sql, type Kysely } from "kysely";
import { isPostgres } from "~server/db/db";

/**
 * A third role, `editor`: staff who write content but do not manage accounts or settings
 * (issue 16). The users table's CHECK on `role` gains the value.
 *
 * PostgreSQL swaps the constraint. SQLite cannot alter a CHECK, so the table is rebuilt from its own
 * stored definition (the documented way: foreign keys off, copy, swap, indexes again, foreign keys
 * checked, on). Kysely runs SQLite migrations outside a transaction, which the pragma needs.
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
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'users'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%role%'`.execute(db);
    for (const { name } of rows) await sql`alter table users drop constraint ${sql.id(name)}`.execute(db);
    await sql.raw(`alter table users add constraint users_role_check check (role in (${to}))`).execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'users'`.execute(db);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'users' and sql is not null`.execute(db);
  const ddl = table.rows[0]!.sql;
  if (!ddl.includes(from)) throw new Error(`users.role check not found: ${ddl}`);
  const rebuilt = ddl.replace(from, to).replace(/^create table ("users"|users)/i, 'create table "users_rebuilt"');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql`insert into users_rebuilt select * from users`.execute(db);
    await sql`drop table users`.execute(db);
    await sql`alter table users_rebuilt rename to users`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`foreign keys broken by the users rebuild: ${JSON.stringify(broken.rows)}`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
