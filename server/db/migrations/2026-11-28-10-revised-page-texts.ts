import { sql, type Kysely } from "kysely";
import { isPostgres } from "~server/db/db";

/**
 * Page sections and testimonials keep drafts and revisions like blog posts and courses (issue 28,
 * decisions 035 and 063): the CHECK on `record_table` of content_drafts and content_revisions gains
 * `page_sections` and `testimonials`.
 *
 * PostgreSQL swaps the constraint. SQLite cannot alter a CHECK, so each table is rebuilt from its own
 * stored definition, as the editor-role migration does (foreign keys off, copy, swap, indexes again,
 * foreign keys checked, on).
 */
const OLD = "'blog_posts', 'courses'";
const NEW = "'blog_posts', 'courses', 'page_sections', 'testimonials'";
const TABLES = ["content_drafts", "content_revisions"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await changeTables(db, table, OLD, NEW);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`delete from ${sql.table(table)} where record_table in ('page_sections', 'testimonials')`.execute(db);
    await changeTables(db, table, NEW, OLD);
  }
}

async function changeTables(db: Kysely<unknown>, table: (typeof TABLES)[number], from: string, to: string): Promise<void> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = ${table}::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%record_table%'`.execute(db);
    for (const { name } of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
    await sql.raw(`alter table ${table} add constraint ${table}_record_table_check check (record_table in (${to}))`).execute(db);
    return;
  }
  const created = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const ddl = created.rows[0]!.sql;
  if (!ddl.includes(from)) throw new Error(`${table}.record_table check not found: ${ddl}`);
  const rebuilt = ddl.replace(from, to).replace(new RegExp(`^create table ("${table}"|${table})`, "i"), `create table "${table}_rebuilt"`);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql.raw(`insert into ${table}_rebuilt select * from ${table}`).execute(db);
    await sql.raw(`drop table ${table}`).execute(db);
    await sql.raw(`alter table ${table}_rebuilt rename to ${table}`).execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`foreign keys broken by the ${table} rebuild: ${JSON.stringify(broken.rows)}`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
