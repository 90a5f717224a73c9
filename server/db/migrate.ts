import { Migrator } from "kysely";
import type { DB } from "./db";
import { migrations } from "./migrations";

/**
 * Applies every migration not yet applied (server/db/migrations/index.ts lists them).
 * `schema` (PostgreSQL): keep Kysely's bookkeeping tables in that schema, so databases that
 * share a server in separate schemas (the tests) never see each other's migration lock.
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
