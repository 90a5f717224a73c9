import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import { isPostgres } from "./db";

/**
 * Schema-building helpers for migrations that run unchanged on SQLite and PostgreSQL.
 * Column conventions: see server/db/values.ts.
 */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, "id"> {
  return isPostgres(db) ? table.addColumn("id", "serial", (c) => c.primaryKey()) : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

/** created_at / updated_at as ISO text, filled by the application (values.ts nowIso). */
export function withTimestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C | "created_at" | "updated_at"> {
  return table.addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull());
}

/** A CHECK expression limiting a text column to a fixed set of values. */
export function oneOf(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

/**
 * Widens or narrows a CHECK constraint on `table` (the one whose text mentions `column`) by replacing
 * the quoted value list `from` with `to`.
 *
 * PostgreSQL swaps the constraint. SQLite cannot alter a CHECK, so the table is rebuilt from its own
 * stored definition (the documented way: foreign keys off, copy, swap, indexes again, foreign keys
 * checked, on). Kysely runs SQLite migrations outside a transaction, which the pragma needs.
 */
export async function replaceCheck(db: Kysely<unknown>, table: string, column: string, from: string, to: string): Promise<void> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = ${table}::regclass and contype = 'c' and pg_get_constraintdef(oid) like ${`%${column}%`}`.execute(db);
    for (const { name } of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
    await sql.raw(`alter table "${table}" add constraint "${table}_${column}_check" check (${column} in (${to}))`).execute(db);
    return;
  }
  const stored = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const ddl = stored.rows[0]!.sql;
  if (!ddl.includes(from)) throw new Error(`${table}.${column} check not found: ${ddl}`);
  const rebuilt = ddl.replace(from, to).replace(new RegExp(`^create table ("${table}"|${table})`, "i"), `create table "${table}_rebuilt"`);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql.raw(`insert into "${table}_rebuilt" select * from "${table}"`).execute(db);
    await sql.raw(`drop table "${table}"`).execute(db);
    await sql.raw(`alter table "${table}_rebuilt" rename to "${table}"`).execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`foreign keys broken by the ${table} rebuild: ${JSON.stringify(broken.rows)}`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Adds a named table CHECK constraint to an existing table. PostgreSQL adds it (checking the rows);
 * SQLite cannot, so the table is rebuilt from its stored definition with the constraint appended,
 * as replaceCheck does (foreign keys off, copy, swap, indexes again, foreign keys checked, on).
 */
export async function addCheck(db: Kysely<unknown>, table: string, name: string, expression: string): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`alter table "${table}" add constraint "${name}" check (${expression})`).execute(db);
    return;
  }
  const stored = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const ddl = stored.rows[0]!.sql.trimEnd();
  if (!ddl.endsWith(")")) throw new Error(`unexpected definition of ${table}: ${ddl}`);
  const rebuilt = `${ddl.slice(0, -1)}, constraint "${name}" check (${expression}))`.replace(
    new RegExp(`^create table ("${table}"|${table})`, "i"),
    `create table "${table}_rebuilt"`,
  );
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql.raw(`insert into "${table}_rebuilt" select * from "${table}"`).execute(db);
    await sql.raw(`drop table "${table}"`).execute(db);
    await sql.raw(`alter table "${table}_rebuilt" rename to "${table}"`).execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`foreign keys broken by the ${table} rebuild: ${JSON.stringify(broken.rows)}`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * SQLite: replaces `table` with a copy for a change ALTER TABLE cannot make (a NOT NULL, a CHECK,
 * dropping a column that a constraint names). `definition` creates `<table>_rebuilt` (written out
 * by the migration, so the new shape is read in one place); `columns` maps each column the copy
 * fills to what it takes from the old table (a column name or an expression of its columns).
 *
 * Runs in the caller's transaction with foreign keys on (inside a transaction the pragma cannot turn
 * them off), so the table's rows are checked against their foreign keys as they are copied, and it
 * refuses a table that another table's foreign key points at (dropping the old table would run those
 * keys' actions). The table's own indexes are made again from their stored text; triggers on it go
 * with the old table. The AUTOINCREMENT counter is carried over, also past deleted rows, so an id is
 * never handed out twice.
 */
export async function rebuildTable(trx: Kysely<unknown>, table: string, definition: string, columns: Record<string, string>): Promise<void> {
  const pointing = await sql<{ name: string }>`
    select m.name from sqlite_master m, pragma_foreign_key_list(m.name) f
    where m.type = 'table' and m.name <> ${table} and f."table" = ${table}`.execute(trx);
  if (pointing.rows.length > 0) throw new Error(`${table} cannot be rebuilt with foreign keys on: ${pointing.rows.map((r) => r.name).join(", ")} point at it`);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(trx);
  await sql.raw(definition).execute(trx);
  const [into, from] = [Object.keys(columns).join(", "), Object.values(columns).join(", ")];
  await sql.raw(`insert into "${table}_rebuilt" (${into}) select ${from} from "${table}"`).execute(trx);
  const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(trx);
  await sql.raw(`drop table "${table}"`).execute(trx);
  await sql.raw(`alter table "${table}_rebuilt" rename to "${table}"`).execute(trx);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
  const seq = counter.rows[0]?.seq;
  if (seq === undefined) return;
  // The copy's insert leaves the copy a counter (0 when no row was copied), renamed with it: raise it to the old one's.
  const kept = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(trx);
  if (kept.rows.length > 0) await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = ${table}`.execute(trx);
  else await sql`insert into sqlite_sequence (name, seq) values (${table}, ${seq})`.execute(trx);
}
