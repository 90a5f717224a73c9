import { Migrator } from "kysely";
import type { DB } from "./db";
import { migrations } from "./migrations";

/**
 * Applies every migration not yet applied (server/db/migrations/index.ts lists them).
 * `schema` (PostgreSQL): keep Kysely's bookkeeping tables (kysely_migration, its lock table) in
 * that schema, so databases that share a server in separate schemas (the tests) keep separate
 * records. Kysely's lock itself is a database-wide advisory lock on PostgreSQL, so migrations of
 * different schemas on one server take turns (harmless: each one is short). The Migrator looks
 * for its tables through db.introspection, which sees only the search_path (db.ts).
 */
export async function migrateToLatest(db: DB, options: { schema?: string } = {}): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}
