import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { openDatabase } from "~server/db/db";
import { migrateToLatest } from "~server/db/migrate";
import { seed } from "~server/db/seed";

/**
 * PostgreSQL test databases (decision 119): the run migrates and seeds one template database once
 * (server/test/global-setup.ts), and each test server gets `CREATE DATABASE … TEMPLATE` of it, a
 * file copy inside PostgreSQL, instead of running every migration and the seed again (about 3 s
 * per server on this machine, hundreds of servers per run). As the SQLite run copies one file.
 */

/** The URL of database `name` on the server of `base`. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
async function onServer(base: string, run: (db: ReturnType<typeof openDatabase>) => Promise<unknown>): Promise<void> {
  const admin = openDatabase({ kind: "postgres", url: base });
  try {
    await run(admin);
  } finally {
    await admin.destroy();
  }
}

/** Creates a database migrated and seeded like production; returns its name. */
export async function createPgTemplate(base: string): Promise<string> {
  const name = `stem_tpl_${randomBytes(5).toString("hex")}`;
  await onServer(base, (admin) => sql`create database ${sql.id(name)}`.execute(admin));
  const db = openDatabase({ kind: "postgres", url: databaseUrl(base, name) });
  try {
    await migrateToLatest(db);
    await seed(db);
  } finally {
    // A template must have no open connection while it is copied.
    await db.destroy();
  }
  return name;
}

/**
 * A fresh database copied from `template`. Commits skip the wait for the disk (synchronous_commit
 * off): a test database is thrown away, and each commit's fsync is most of a small write's time.
 */
export async function copyPgTemplate(base: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `stem_t_${randomBytes(6).toString("hex")}`;
  await onServer(base, async (admin) => {
    await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin);
    await sql`alter database ${sql.id(name)} set synchronous_commit = off`.execute(admin);
  });
  return { url: databaseUrl(base, name), drop: () => dropPgDatabase(base, name) };
}

/** Drops a test database, ending connections another process may still hold to it. */
export function dropPgDatabase(base: string, name: string): Promise<void> {
  return onServer(base, (admin) => sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin));
}
