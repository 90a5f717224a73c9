import { createRequire } from "node:module";
import type BetterSqliteModule from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

const require = createRequire(import.meta.url);

/** The subset of node:sqlite this module uses (its types arrive with @types/node 22+). */
interface NodeSqliteStatement {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...params: unknown[]): IterableIterator<unknown>;
  columns(): unknown[];
}
interface NodeSqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeSqliteStatement;
  close(): void;
}
type NodeSqlite = { DatabaseSync: new (file: string) => NodeSqliteDatabase; StatementSync: { prototype: object } };

/**
 * The SQLite engine under Kysely (decision 015): Node's own `node:sqlite` wherever it is complete
 * (Node 22.16+, 24), else better-sqlite3 (Node 20). better-sqlite3 12 aborts Node 24 processes
 * when the garbage collector frees a statement, and version 13, which fixes that, no longer
 * supports Node 20.
 */
export function sqliteEngine(): "node:sqlite" | "better-sqlite3" {
  return nodeSqlite() ? "node:sqlite" : "better-sqlite3";
}

/** Opens (creating if needed) a SQLite file in WAL mode with foreign keys, for Kysely's SqliteDialect. */
export function openSqliteFile(file: string): SqliteDatabase {
  const database = openSqliteBare(file);
  for (const pragma of ["journal_mode = WAL", "foreign_keys = ON", "busy_timeout = 5000"]) {
    // busy_timeout: wait for a writer instead of failing at once when two connections write together.
    const statement = database.prepare(`PRAGMA ${pragma}`);
    if (statement.reader) statement.all([]);
    else statement.run([]);
  }
  return withStatementCache(database);
}

/** A connection with no setting applied: backup and restore (server/db/sqlite-backup.ts) choose their own locking. */
export function openSqliteBare(file: string): SqliteDatabase {
  const builtIn = nodeSqlite();
  return builtIn ? fromNodeSqlite(new builtIn.DatabaseSync(file)) : fromBetterSqlite(file);
}

/** Prepared statements kept per connection, at most this many (the app's queries are a fixed set of shapes). */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query afresh; on SQLite preparing costs more than running a small query
 * (a third of a 500-way booking race's CPU, issue 27). Statements are kept by their SQL text and
 * reused, the least recently used dropped beyond the bound. Iteration (Kysely's stream) gets its
 * own statement, as a statement being iterated cannot run anything else.
 */
function withStatementCache(database: SqliteDatabase): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql): SqliteStatement {
      let statement = cache.get(sql);
      if (statement) {
        // Most recently used last: Map keeps insertion order.
        cache.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      const cached = statement;
      return {
        reader: cached.reader,
        all: (parameters) => cached.all(parameters),
        run: (parameters) => cached.run(parameters),
        iterate: (parameters) => database.prepare(sql).iterate(parameters),
      };
    },
  };
}

function nodeSqlite(): NodeSqlite | undefined {
  const load = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  // Loading node:sqlite on Node 22 and 24 prints an "experimental" warning once; the module is
  // what Node's own tests run, and the three CI runtimes test this code.
  const module = load?.call(process, "node:sqlite") as NodeSqlite | undefined;
  return module && "columns" in module.StatementSync.prototype ? module : undefined;
}

// node:sqlite names the failure by number; better-sqlite3 by name. The code checks names
// (e.g. isUniqueViolation), so errors get the same `code` whichever engine runs.
const SQLITE_CODE_NAMES: Record<number, string> = {
  5: "SQLITE_BUSY",
  19: "SQLITE_CONSTRAINT",
  275: "SQLITE_CONSTRAINT_CHECK",
  787: "SQLITE_CONSTRAINT_FOREIGNKEY",
  1299: "SQLITE_CONSTRAINT_NOTNULL",
  1555: "SQLITE_CONSTRAINT_PRIMARYKEY",
  2067: "SQLITE_CONSTRAINT_UNIQUE",
};

function named<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    const errcode = (error as { errcode?: unknown } | null)?.errcode;
    if (typeof errcode === "number" && SQLITE_CODE_NAMES[errcode]) (error as { code: string }).code = SQLITE_CODE_NAMES[errcode];
    throw error;
  }
}

function fromNodeSqlite(db: NodeSqliteDatabase): SqliteDatabase {
  return {
    close: () => db.close(),
    prepare(sql): SqliteStatement {
      const statement = named(() => db.prepare(sql));
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => named(() => statement.all(...parameters)),
        run: (parameters) => named(() => statement.run(...parameters)),
        iterate: (parameters) => named(() => statement.iterate(...parameters)),
      };
    },
  };
}

function fromBetterSqlite(file: string): SqliteDatabase {
  // Loaded only on Node 20, where node:sqlite is missing or incomplete.
  const BetterSqlite = require("better-sqlite3") as typeof BetterSqliteModule;
  return new BetterSqlite(file);
}
