import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDatabase } from "./db";
import { sqliteEngine } from "./sqlite-file";

describe("the SQLite engine under Kysely", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "stem-sqlite-"));
  const db = openDatabase({ kind: "sqlite", file: path.join(dir, "engine.db") });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is node:sqlite on Node 22.16+ and 24, better-sqlite3 on Node 20 (decision 015)", () => {
    const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
    const builtIn = major >= 24 || (major === 23 && minor >= 11) || (major === 22 && minor >= 16);
    expect(sqliteEngine()).toBe(builtIn ? "node:sqlite" : "better-sqlite3");
  });

  it("opens in WAL mode with foreign keys enforced and a busy timeout", async () => {
    const pragmas = await sql<{
      v: string | number;
    }>`select (select journal_mode from pragma_journal_mode) as v union all select foreign_keys from pragma_foreign_keys union all select timeout from pragma_busy_timeout`.execute(
      db,
    );
    expect(pragmas.rows.map((r) => String(r.v))).toEqual(["wal", "1", "5000"]);
  });

  it("inserts, reads back, rolls back a failed transaction and refuses a broken foreign key", async () => {
    await sql`create table parent (id integer primary key autoincrement, name text not null)`.execute(db);
    await sql`create table child (id integer primary key, parent_id integer not null references parent(id))`.execute(db);
    const inserted = await sql`insert into parent (name) values (${"Noor"})`.execute(db);
    expect(Number(inserted.insertId)).toBe(1);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into parent (name) values (${"Rolled back"})`.execute(trx);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    const rows = await sql<{ id: number; name: string }>`select id, name from parent`.execute(db);
    expect(rows.rows).toEqual([{ id: 1, name: "Noor" }]);
    // Both engines name constraint failures alike (the app tells a duplicate from other errors by it).
    await expect(sql`insert into child (id, parent_id) values (1, 99)`.execute(db)).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT_FOREIGNKEY" });
    await sql`create unique index parent_name on parent (name)`.execute(db);
    await expect(sql`insert into parent (name) values (${"Noor"})`.execute(db)).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT_UNIQUE" });
  });
});
