import { sql } from "kysely";
import { isPostgres, type DB } from "./db";
import { migrateToLatest } from "./migrate";
import { seed } from "./seed";

// A fixed advisory lock key no other code uses ("STEMST" in ASCII; within a safe JS integer).
const START_LOCK = 0x5354_454d_5354;

/**
 * A process's database start: migrations, then the starter content. On PostgreSQL several
 * instances may start at once (a fresh site's first start, a rolling release): Kysely's own lock
 * already runs each migration once, but two seeds on an empty database would both see it empty
 * and insert the same courses, and one instance would stop with a unique-key error. So the whole
 * start runs under one session-level advisory lock: instances take turns, the later ones find
 * everything done. SQLite: one process at a time writes anyway.
 */
export async function startDatabase(db: DB, options: { schema?: string } = {}): Promise<{ newerThanThisRelease: string[] }> {
  if (!isPostgres(db)) {
    const migrated = await migrateToLatest(db, options);
    await seed(db);
    return migrated;
  }
  // The lock belongs to the session that took it: hold one pooled connection for it (the pool has 10).
  return await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${START_LOCK}::bigint)`.execute(conn);
    try {
      const migrated = await migrateToLatest(db, options);
      await seed(db);
      return migrated;
    } finally {
      await sql`select pg_advisory_unlock(${START_LOCK}::bigint)`.execute(conn);
    }
  });
}
