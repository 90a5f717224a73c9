import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { openDatabase, type DB } from "~server/db/db";
import { ledgerProblems, rowCounts } from "./rehearsal/checks";

/**
 * `npm run rehearse:restore [-- --database URL]`: a backup that is known to restore (docs/deploy.md,
 * decision 121). Backs up a PostgreSQL database with the kit's nightly script (deploy/backup.sh:
 * pg_dump, custom format), restores the dump with pg_restore into a fresh database, and checks the
 * copy: the same row count in every table, every family's ledger balanced, and every demo booking
 * made in the hour before the backup present. The source: `--database URL` (a staging copy, say),
 * else a database left by `npm run rehearse:deploy -- --short --keep-database` run first (needs
 * Caddy and BUILD_DIR like it). Databases it makes are dropped after. Exits 1 on any difference.
 */
const TIMEOUT_MS = 10 * 60_000;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** The deploy rehearsal, keeping its database: resolves with its URL. */
function rehearsedDatabase(): Promise<string> {
  return new Promise((resolve, reject) => {
    console.log("No --database: running `npm run rehearse:deploy -- --short --keep-database` for a source with bookings, enrolments and payments...");
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/rehearse-deploy.ts", "--short", "--keep-database"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      out += chunk;
      process.stdout.write(chunk.replace(/^KEPT_DATABASE_URL=.*\n/m, ""));
    });
    child.on("exit", (code) => {
      const url = /^KEPT_DATABASE_URL=(.+)$/m.exec(out)?.[1];
      if (code === 0 && url) resolve(url);
      else reject(new Error(`the deploy rehearsal failed (exit ${code})${url ? "" : " and kept no database"}`));
    });
  });
}

function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main(): Promise<number> {
  const given = option("--database");
  const base = given ?? process.env.TEST_DATABASE_URL;
  if (!base) {
    console.error("rehearse:restore needs --database URL or TEST_DATABASE_URL (a PostgreSQL server it may create databases on). Not run.");
    return 1;
  }
  const admin = openDatabase({ kind: "postgres", url: base });
  const work = mkdtempSync(path.join(tmpdir(), "stem-restore-"));
  const restoredName = `restored_${randomBytes(6).toString("hex")}`;
  const dropAfter: string[] = [restoredName];
  let source: DB | undefined;
  let restored: DB | undefined;
  const started = Date.now();
  try {
    const sourceUrl = given ?? (await rehearsedDatabase());
    if (!given) dropAfter.push(new URL(sourceUrl).pathname.slice(1));
    source = openDatabase({ kind: "postgres", url: sourceUrl });

    // What the copy must hold, read just before the backup (the source is quiet now).
    const before = await rowCounts(source);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const lastHour = (await source.selectFrom("demo_bookings").select("reference").where("created_at", ">=", hourAgo).execute()).map((row) => row.reference);

    // The nightly script itself, into a scratch backup folder.
    const backupDir = path.join(work, "backups");
    execFileSync("bash", ["deploy/backup.sh"], {
      env: { PATH: process.env.PATH, DATABASE_URL: sourceUrl, BACKUP_DIR: backupDir, STEM_ENV_FILE: "/nonexistent" },
      stdio: ["ignore", "inherit", "inherit"],
      timeout: TIMEOUT_MS,
    });
    const dumps = readdirSync(path.join(backupDir, "daily"))
      .filter((name) => name.endsWith(".dump"))
      .sort();
    const dump = path.join(backupDir, "daily", dumps.at(-1)!);

    await sql`create database ${sql.id(restoredName)}`.execute(admin);
    const restoreStarted = Date.now();
    execFileSync("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${withDatabase(base, restoredName)}`, dump], {
      stdio: ["ignore", "inherit", "inherit"],
      timeout: TIMEOUT_MS,
    });
    const restoreSeconds = (Date.now() - restoreStarted) / 1000;
    restored = openDatabase({ kind: "postgres", url: withDatabase(base, restoredName) });

    const problems: string[] = [];
    const after = await rowCounts(restored);
    const differ = [...new Set([...before.keys(), ...after.keys()])].filter((table) => before.get(table) !== after.get(table));
    for (const table of differ) problems.push(`${table}: ${before.get(table) ?? "no table"} rows in the source, ${after.get(table) ?? "no table"} restored`);
    const total = [...after.values()].reduce((a, b) => a + b, 0);
    const ledger = await ledgerProblems(restored);
    problems.push(...ledger.problems.slice(0, 5));
    const present = new Set<string>();
    for (let i = 0; i < lastHour.length; i += 500) {
      const chunk = lastHour.slice(i, i + 500);
      for (const row of await restored.selectFrom("demo_bookings").select("reference").where("reference", "in", chunk).execute()) present.add(row.reference);
    }
    if (present.size !== lastHour.length) problems.push(`${lastHour.length - present.size} of the last hour's ${lastHour.length} bookings are missing`);
    const sequences = await sql<{ n: string }>`select count(*) as n from information_schema.sequences where sequence_schema = current_schema()`.execute(
      restored,
    );

    console.log(`\nRestore rehearsal: deploy/backup.sh (pg_dump, custom format) → pg_restore into a fresh database`);
    console.log(`  backup             ${path.basename(dump)}`);
    console.log(`  restore            ${restoreSeconds.toFixed(1)} s`);
    console.log(`  row counts         ${after.size} tables, ${total} rows; ${differ.length} tables differ from the source`);
    console.log(`  ledger             ${ledger.families} families, ${ledger.problems.length} unbalanced`);
    console.log(`  last hour          ${present.size} of ${lastHour.length} demo bookings made in the hour before the backup present`);
    console.log(`  sequences          ${sequences.rows[0]!.n} restored (new rows continue after the restored ones)`);
    console.log(`  whole rehearsal    ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (lastHour.length === 0) problems.push("the source has no booking from the last hour: the check tested nothing");
    console.log(`  result             ${problems.length ? `FAILED: ${problems.join("; ")}` : "OK: the backup restores whole"}`);
    return problems.length ? 1 : 0;
  } catch (error) {
    console.error(`rehearse:restore failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await source?.destroy();
    await restored?.destroy();
    for (const name of dropAfter) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin).catch(() => undefined);
    await admin.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}

process.exit(await main());
