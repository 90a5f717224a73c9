import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "./db";
import { migrateToLatest } from "./migrate";
import { migrations } from "./migrations";

// A rollback, or an instance of the previous release restarted in the middle of a rolling release
// (decision 121): this release starts on a schema a newer release has migrated (expand-only).
describe("starting on a schema migrated by a newer release", () => {
  let db: DB | undefined;
  afterEach(async () => {
    await db?.destroy();
  });

  it("starts, and names the newer migrations it runs under", async () => {
    db = openDatabase({ kind: "sqlite", file: ":memory:" });
    await migrateToLatest(db);
    // The newer release's migration: a column this release does not know.
    await sql`alter table demo_bookings add column channel text`.execute(db);
    await sql`insert into kysely_migration (name, timestamp) values ('2999-01-01-00-newer-release', ${new Date().toISOString()})`.execute(db);
    await expect(migrateToLatest(db)).resolves.toEqual({ newerThanThisRelease: ["2999-01-01-00-newer-release"] });
    const names = (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name);
    expect(names).toHaveLength(Object.keys(migrations).length + 1);
  });

  it("still refuses an unknown migration among its own (another history, not a newer release)", async () => {
    db = openDatabase({ kind: "sqlite", file: ":memory:" });
    await migrateToLatest(db);
    await sql`insert into kysely_migration (name, timestamp) values ('2026-11-22-00-elsewhere', ${new Date().toISOString()})`.execute(db);
    await expect(migrateToLatest(db)).rejects.toThrow(/2026-11-22-00-elsewhere is missing/);
  });
});
