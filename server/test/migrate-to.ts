import { Migrator } from "kysely";
import type { DB } from "~server/db/db";
import { migrations } from "~server/db/migrations";

/**
 * Takes a migrated test database back to just after `name`, through the later migrations' downs, with
 * Kysely's record kept: for a migration's test that needs the schema its migration left, before a
 * later one (a contract) took away what it made.
 */
export async function migrateTo(db: DB, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`no migration ${name}`);
  const { error, results } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(name);
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed)
    throw new Error(`migrating to ${name} failed at ${failed?.migrationName ?? "?"}: ${error instanceof Error ? error.message : String(error)}`);
}
