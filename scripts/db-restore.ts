import { parseArgs } from "node:util";
import { loadConfig } from "~server/config";
import { BackupError, restoreSqlite } from "~server/db/sqlite-backup";

// npm run db:restore -- --from FILE [--force]
// Puts a db:backup file in place of the SQLite database of a stopped installation; the replaced
// database is kept as app.db.before-restore. --force skips the "server still running" check.
try {
  const { values } = parseArgs({ options: { from: { type: "string" }, force: { type: "boolean", default: false } } });
  if (!values.from) throw new BackupError("Usage: npm run db:restore -- --from FILE [--force] (stop the server first)");
  const config = loadConfig();
  if (config.database.kind === "postgres") {
    throw new BackupError(
      'DATABASE_URL is PostgreSQL: restore a pg_dump file with pg_restore (pg_restore --clean --if-exists --dbname="$DATABASE_URL" FILE), not db:restore.',
    );
  }
  if (config.database.file === ":memory:") throw new BackupError("The database is in memory: there is no file to restore into.");
  const { kept, migrations } = restoreSqlite(values.from, config.database.file, { force: values.force });
  console.log(
    `Restored ${values.from} (${migrations} migrations) into ${config.database.file}.` +
      (kept ? ` The replaced database is kept as ${kept}.` : "") +
      " Start the server: it applies any newer migrations.",
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
