import { mkdirSync } from "node:fs";
import path from "node:path";
import { CompiledQuery, Kysely, SqliteDialect, type Driver, type Transaction } from "kysely";
import pg from "pg";
import type { Config } from "~server/config";
import { SearchPathPostgresDialect } from "./pg-introspector";
import type { Database } from "./schema";
import { openSqliteFile } from "./sqlite-file";

export type DB = Kysely<Database>;
/** A handle that IS a transaction: for work that must run inside the caller's (row locks held to its end). */
export type Trx = Transaction<Database>;

interface OpenOptions {
  /** PostgreSQL only: put every table in this schema (tests use one schema per file). */
  schema?: string;
}

// PostgreSQL's bigint (count(*)) arrives as a string by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function openDatabase(database: Config["database"], options: OpenOptions = {}): DB {
  if (database.kind === "sqlite") {
    if (database.file !== ":memory:") mkdirSync(path.dirname(database.file), { recursive: true });
    return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: openSqliteFile(database.file) }) });
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle connection the server ends (a restart, a dropped database, an administrator) is
  // reported on the pool; unhandled, that event would stop the whole process. The pool replaces it.
  pool.on("error", (error) => console.warn(`PostgreSQL: an idle connection ended (${error.message})`));
  // Introspection (the Migrator's "does my table exist?") sees only this connection's search_path,
  // never the other schemas of the database, which other instances or tests may drop meanwhile.
  return new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool }) });
}

/**
 * SQLite transactions that take the write lock when they begin ("begin immediate"). A deferred
 * transaction that reads and then writes fails at once with SQLITE_BUSY when another process wrote
 * in between (SQLite cannot wait there without risking a deadlock); beginning immediate makes it
 * wait (busy_timeout) like any other writer. Seen with several instances on one file under load.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    };
    return driver;
  }
}

// Structural, so any Kysely or transaction over any schema passes without a cast.
export function isPostgres(db: { getExecutor(): { readonly adapter: object } }): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

/**
 * Runs `work` (one whole transaction) again when PostgreSQL ends it as a deadlock's victim (40P01):
 * nothing of it was kept, so running it again is the documented remedy. At most three tries; only
 * for work that touches nothing but the database (mail is queued in it, providers are called after).
 * Seen under the randomised money test: a payment's confirmation and a drop or an enrolment locking
 * an enrolment and its invoice in opposite orders.
 */
export async function retryDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: unknown }).code !== "40P01" || attempt === 3) throw error;
    }
  }
}

/**
 * Runs `work` in a transaction: the caller's when `db` already is one (a bulk change calling a
 * one-row function), a new one otherwise. Kysely cannot nest transactions.
 */
export function inTransaction<T>(db: DB, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Trx) : db.transaction().execute(work);
}
