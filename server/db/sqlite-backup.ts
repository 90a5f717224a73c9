import { copyFileSync, existsSync, linkSync, mkdirSync, openSync, readSync, closeSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { SqliteDatabase } from "kysely";
import { migrations } from "./migrations";
import { openSqliteBare, openSqliteFile } from "./sqlite-file";

/** A refusal or failure to show the operator as one line (the scripts print the message, exit 1). */
export class BackupError extends Error {}

const rows = (db: SqliteDatabase, sql: string, parameters: unknown[] = []) => db.prepare(sql).all(parameters) as Record<string, unknown>[];
/** Runs a statement whether or not it returns rows (better-sqlite3 refuses run() on a PRAGMA that answers). */
const run = (db: SqliteDatabase, sql: string, parameters: unknown[] = []) => {
  const statement = db.prepare(sql);
  if (statement.reader) statement.all(parameters);
  else statement.run(parameters);
};

/**
 * A consistent copy of a live SQLite database, taken with `VACUUM INTO` (decision 016): one read
 * transaction, so the server keeps reading and writing (WAL) while it runs. Never overwrites `out`.
 */
export function backupSqlite(source: string, out: string): { bytes: number; milliseconds: number } {
  if (!existsSync(source)) throw new BackupError(`No database at ${source}: nothing to back up.`);
  if (existsSync(out)) throw new BackupError(`Refusing to overwrite ${out}: choose a new file name.`);
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  // Written under a temporary name and linked into place: `out` is complete or absent, never half written.
  const partial = `${out}.partial-${process.pid}`;
  const started = performance.now();
  const db = openSqliteFile(source);
  try {
    run(db, "VACUUM INTO ?", [partial]);
  } finally {
    db.close();
  }
  try {
    checkAppDatabase(partial);
    linkSync(partial, out);
  } finally {
    rmSync(partial, { force: true });
  }
  return { bytes: statSync(out).size, milliseconds: performance.now() - started };
}

/**
 * Refuses anything but an intact SQLite database of this app: the file header, `PRAGMA quick_check`,
 * Kysely's migration table, and no migration this code does not know (a backup from a newer release).
 */
function checkAppDatabase(file: string): { migrations: number } {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`No file at ${file}.`);
  const header = Buffer.alloc(16);
  const fd = openSync(file, "r");
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString("latin1") !== "SQLite format 3\0") throw new BackupError(`${file} is not a SQLite database.`);
  const db = openSqliteBare(file);
  try {
    const check = rows(db, "PRAGMA quick_check");
    if (check.length !== 1 || Object.values(check[0]!)[0] !== "ok") throw new BackupError(`${file} is damaged (SQLite quick_check failed).`);
    if (rows(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").length === 0) {
      throw new BackupError(`${file} is a SQLite database, but not one of this app (no kysely_migration table).`);
    }
    const names = rows(db, "SELECT name FROM kysely_migration").map((row) => String(row.name));
    const unknown = names.find((name) => !(name in migrations));
    if (unknown) throw new BackupError(`${file} comes from a newer release (migration ${unknown} is unknown here): update the code first.`);
    return { migrations: names.length };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} cannot be read as a SQLite database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * Waits for nothing: takes SQLite's exclusive lock on `file` at once, or reports that another process
 * (a running server) has the database open. With WAL every open connection holds a shared lock on the
 * file, so the lock is free only when no server is running. Also folds a leftover WAL into the file.
 */
function assertNotInUse(file: string): void {
  const db = openSqliteBare(file);
  try {
    run(db, "PRAGMA busy_timeout = 0");
    run(db, "PRAGMA locking_mode = EXCLUSIVE");
    try {
      run(db, "BEGIN EXCLUSIVE");
      rows(db, "SELECT count(*) FROM sqlite_master");
      run(db, "COMMIT");
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_BUSY" || /locked|busy/i.test((error as Error).message)) {
        throw new BackupError(`${file} is in use: stop the server first (or pass --force if you are sure nothing runs).`);
      }
      throw error;
    }
    // A server killed mid-write leaves a WAL: fold it in, so the kept copy is a single complete file.
    if (rows(db, "PRAGMA journal_mode")[0]?.journal_mode === "wal") rows(db, "PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}

const SIDE_FILES = ["-wal", "-shm", "-journal"];

/**
 * Puts a backup in place of `target` (the app's SQLite file), keeping the replaced database as
 * `target.before-restore`. Refuses a file that is not a database of this app, a target in use
 * (unless `force`), and an earlier `.before-restore` still lying there.
 */
export function restoreSqlite(from: string, target: string, options: { force?: boolean } = {}): { kept: string | undefined; migrations: number } {
  const resolvedFrom = path.resolve(from);
  if (resolvedFrom === path.resolve(target)) throw new BackupError("The backup is the database itself: nothing to restore.");
  checkAppDatabase(resolvedFrom);
  const kept = `${target}.before-restore`;
  const present = existsSync(target);
  if (present) {
    if (existsSync(kept)) throw new BackupError(`${kept} exists (from an earlier restore): move it away first.`);
    if (!options.force) assertNotInUse(target);
  }
  mkdirSync(path.dirname(target), { recursive: true });
  // Copy next to the target, check the copy, then rename: the swap itself cannot be half done.
  const incoming = `${target}.restoring-${process.pid}`;
  copyFileSync(resolvedFrom, incoming);
  try {
    const { migrations: count } = checkAppDatabase(incoming);
    if (present) {
      renameSync(target, kept);
      // A WAL or shared-memory file belongs to the database of the same name: it goes with the old
      // one (SQLite finds `app.db.before-restore-wal` for `app.db.before-restore`), never to the new.
      for (const suffix of SIDE_FILES) if (existsSync(target + suffix)) renameSync(target + suffix, kept + suffix);
    } else {
      for (const suffix of SIDE_FILES) rmSync(target + suffix, { force: true });
    }
    renameSync(incoming, target);
    return { kept: present ? kept : undefined, migrations: count };
  } finally {
    rmSync(incoming, { force: true });
  }
}

/** "1.2 MB", for the scripts' output. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
