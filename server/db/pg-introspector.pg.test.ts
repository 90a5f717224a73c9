import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "./db";
import { migrateToLatest } from "./migrate";

// *.pg.test.ts files run only in the PostgreSQL run (vitest.config.ts includes them when TEST_DATABASE_URL is set).
const url = process.env.TEST_DATABASE_URL!;

// Test files share one PostgreSQL database, one schema each, created and dropped as files start
// and end. Migrating one schema must not depend on what happens to the others meanwhile.
describe("a schema-bound PostgreSQL database among schemas that come and go", () => {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  let admin: DB;
  let db: DB;
  beforeAll(async () => {
    admin = openDatabase({ kind: "postgres", url: url! });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    db = openDatabase({ kind: "postgres", url: url! }, { schema });
    await migrateToLatest(db, { schema });
  });
  afterAll(async () => {
    await db?.destroy();
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
    await admin?.destroy();
  });

  it("introspects only its own schema", async () => {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["users", "sessions", "kysely_migration", "kysely_migration_lock"]));
    expect(tables.find((t) => t.name === "users")!.columns.find((c) => c.name === "id")).toMatchObject({ isAutoIncrementing: true, isNullable: false });
    expect((await db.introspection.getTables()).map((t) => t.name)).not.toContain("kysely_migration");
    expect(await db.introspection.getSchemas()).toEqual([{ name: schema }]);
  });

  it("migrates while other sessions create and drop their schemas", async () => {
    // Other "test files": each makes a schema with a few tables and drops it, over and over.
    let stop = false;
    const churn = async () => {
      const other = openDatabase({ kind: "postgres", url: url! });
      try {
        while (!stop) {
          const name = `t_${randomBytes(6).toString("hex")}`;
          await sql`create schema ${sql.id(name)}`.execute(other);
          for (let i = 0; i < 5; i++) await sql`create table ${sql.id(name, `t${i}`)} (id serial primary key, v text)`.execute(other);
          await sql`drop schema ${sql.id(name)} cascade`.execute(other);
        }
      } finally {
        await other.destroy();
      }
    };
    const churners = [churn(), churn(), churn()];
    const failures: string[] = [];
    try {
      // Up to date already, yet every run asks whether Kysely's bookkeeping tables exist.
      const until = Date.now() + 4000;
      while (Date.now() < until) {
        await migrateToLatest(db, { schema }).catch((error: Error) => failures.push(error.message));
      }
    } finally {
      stop = true;
      await Promise.all(churners);
    }
    expect(failures).toEqual([]);
  });
});
