import type Database from "better-sqlite3";

/**
 * The browser tests' server runs with the page cache on, as shipped. A test that writes the
 * server's database directly (not through the audited admin API) says so as a staff change does,
 * with an audit entry, then waits out the server's once-a-second read of the content version, so
 * that no page cached before the write is served after it.
 */
export async function contentChanged(db: Database.Database): Promise<void> {
  db.prepare("insert into audit_log (user_id, action, entity, entity_id, summary, created_at) values (null, 'update', 'e2e-direct-write', '', '{}', ?)").run(
    new Date().toISOString(),
  );
  await new Promise((resolve) => setTimeout(resolve, 1_100));
}
