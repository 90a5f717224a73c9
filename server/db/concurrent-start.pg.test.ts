import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "./db";
import { migrateToLatest } from "./migrate";
import { migrations } from "./migrations";
import { startDatabase } from "./start";

// *.pg.test.ts: the PostgreSQL run only. A rolling release (deploy/release.sh) and a fresh site's
// first start both start instances side by side on one database: each one migrates and seeds.
describe("instances starting at once on one fresh PostgreSQL database", () => {
  const name = `start_${randomBytes(6).toString("hex")}`;
  let admin: DB;
  let url: string;
  beforeAll(async () => {
    admin = openDatabase({ kind: "postgres", url: process.env.TEST_DATABASE_URL! });
    await sql`create database ${sql.id(name)}`.execute(admin);
    const parsed = new URL(process.env.TEST_DATABASE_URL!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
    await admin.destroy();
  });

  it("migrate each migration once and seed the starter content once, and every instance starts", async () => {
    // Separate pools are separate sessions, as separate processes would have.
    const instances = [0, 1, 2].map(() => openDatabase({ kind: "postgres", url }));
    try {
      const outcomes = await Promise.allSettled(instances.map((db) => startDatabase(db)));
      expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "started"))).toEqual(["started", "started", "started"]);
      const db = instances[0]!;
      const applied = await db
        .selectFrom("kysely_migration" as never)
        .select(sql<string>`name`.as("name"))
        .execute();
      expect(applied).toHaveLength(Object.keys(migrations).length);
      const courses = await db.selectFrom("courses").select(["slug"]).execute();
      expect(new Set(courses.map((c) => c.slug)).size).toBe(courses.length);
      // Once more, already up to date: nothing to do, nothing doubled.
      await migrateToLatest(db);
      await startDatabase(instances[1]!);
      expect(await db.selectFrom("courses").select("slug").execute()).toHaveLength(courses.length);
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
    }
  });
});
