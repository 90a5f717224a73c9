import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Config } from "../config";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

export interface OpenOptions {
  /** PostgreSQL only: put every table in this schema (tests use one schema per file). */
  schema?: string;
}

// PostgreSQL's bigint (count(*)) arrives as a string by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function openDatabase(database: Config["database"], options: OpenOptions = {}): DB {
  if (database.kind === "sqlite") {
    if (database.file !== ":memory:") mkdirSync(path.dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    // Wait for a writer instead of failing at once when two connections write together.
    sqlite.pragma("busy_timeout = 5000");
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}
