import { parseArgs } from "node:util";
import { loadConfig } from "~server/config";
import { BackupError, backupSqlite, formatBytes } from "~server/db/sqlite-backup";

// npm run db:backup -- --out FILE
// A consistent snapshot of the SQLite database while the server keeps serving (decision 016).
try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) throw new BackupError("Usage: npm run db:backup -- --out FILE (a new file, e.g. backups/app-2026-11-23.db)");
  const config = loadConfig();
  if (config.database.kind === "postgres") {
    throw new BackupError('DATABASE_URL is PostgreSQL: back it up with pg_dump (pg_dump --format=custom --file=FILE "$DATABASE_URL"), not db:backup.');
  }
  if (config.database.file === ":memory:") throw new BackupError("The database is in memory: there is no file to back up.");
  const { bytes, milliseconds } = backupSqlite(config.database.file, values.out);
  console.log(`Backed up ${config.database.file} to ${values.out}: ${formatBytes(bytes)} in ${Math.round(milliseconds)} ms.`);
} catch (error) {
  console.error(error instanceof BackupError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
