import { Migrator, sql, type Migration } from "kysely";
import type { DB } from "./db";
import { migrations } from "./migrations";

/**
 * Applies every migration not yet applied (server/db/migrations/index.ts lists them).
 * `schema` (PostgreSQL): keep Kysely's bookkeeping tables (kysely_migration, its lock table) in
 * that schema, so databases that share a server in separate schemas (the tests) keep separate
 * records. Kysely's lock itself is a database-wide advisory lock on PostgreSQL, so migrations of
 * different schemas on one server take turns (harmless: each one is short). The Migrator looks
 * for its tables through db.introspection, which sees only the search_path (db.ts).
 *
 * A schema migrated by a newer release (a rollback, or an old instance restarted during a rolling
 * release): its migrations after this release's last one are expand-only (decision 121), so this
 * release runs on it; Kysely would refuse ("previously executed migration ... is missing"), so they
 * are listed to it as already done and returned, for start-up to warn about. An unknown migration
 * before this release's last one is a different history, and still stops the start.
 */
export async function migrateToLatest(db: DB, options: { schema?: string } = {}): Promise<{ newerThanThisRelease: string[] }> {
  const newer = (await executedNames(db, options.schema)).filter((name) => !(name in migrations) && name > lastOf(migrations));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations, ...Object.fromEntries(newer.map((name) => [name, alreadyApplied])) }) },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  return { newerThanThisRelease: newer };
}

// Stands for a newer release's migration in this release's list; never run (it is applied).
const alreadyApplied: Migration = { up: async () => {} };

function lastOf(list: Record<string, Migration>): string {
  return Object.keys(list).sort().at(-1) ?? "";
}

/** The names in Kysely's record, or none before the first migration made it. */
async function executedNames(db: DB, schema: string | undefined): Promise<string[]> {
  try {
    const table = schema ? sql.id(schema, "kysely_migration") : sql.id("kysely_migration");
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    return rows.map((row) => row.name);
  } catch {
    return [];
  }
}
