import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseCard } from "~/features/admin-content/queries.server";
import { getSiteSettings } from "~/features/site/site.server";
import { startTestServer, type TestServer } from "~server/test/harness";
import { readDataVersions } from "./data-versions";

/**
 * Decision 158: the database changes a table's token on every write, whoever writes, and what a
 * process keeps in memory is never answered under a token it was not read under. On SQLite and
 * PostgreSQL (TEST_DATABASE_URL).
 */
describe("data versions", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("every insert, update and delete of a versioned table changes its token, and only its own", async () => {
    const other = server.openDb();
    try {
      const before = await readDataVersions(server.db);
      await other.insertInto("site_settings").values({ key: "tokenProbe", value: '"a"', updated_at: new Date().toISOString() }).execute();
      const inserted = await readDataVersions(server.db);
      expect(inserted.site_settings).not.toBe(before.site_settings);
      expect(inserted.courses).toBe(before.courses);
      await other.updateTable("site_settings").set({ value: '"b"' }).where("key", "=", "tokenProbe").execute();
      const updated = await readDataVersions(server.db);
      expect(updated.site_settings).not.toBe(inserted.site_settings);
      await other.deleteFrom("site_settings").where("key", "=", "tokenProbe").execute();
      const deleted = await readDataVersions(server.db);
      expect(deleted.site_settings).not.toBe(updated.site_settings);
      await other.updateTable("courses").set({ min_age: 6 }).where("id", "=", 1).execute();
      const course = await readDataVersions(server.db);
      expect(course.courses).not.toBe(deleted.courses);
      expect(course.site_settings).toBe(deleted.site_settings);
    } finally {
      await other.destroy();
    }
  });

  it("a course card is kept until the courses change, and a change from another connection shows on the next read", async () => {
    const { slug } = await server.db.selectFrom("courses").select("slug").where("id", "=", 2).executeTakeFirstOrThrow();
    const first = await courseCard(server.db, { slug });
    expect(first).toBeDefined();
    expect(await courseCard(server.db, { slug })).toBe(first);
    // Unknown slugs are not kept (they come from URLs): still undefined, and asked again each time.
    expect(await courseCard(server.db, { slug: "no-such-course" })).toBeUndefined();

    const other = server.openDb();
    try {
      await other.updateTable("courses").set({ name_en: "Renamed elsewhere" }).where("id", "=", 2).execute();
      expect((await courseCard(server.db, { slug }))?.name_en).toBe("Renamed elsewhere");
      expect((await courseCard(server.db, { id: 2 }))?.name_en).toBe("Renamed elsewhere");
    } finally {
      await other.destroy();
    }
  });

  it("settings read inside a transaction that is rolled back are not answered afterwards", async () => {
    const before = await getSiteSettings(server.db);
    const changed = before.demoBookingsPerFamily + 5;
    await server.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable("site_settings")
          .set({ value: JSON.stringify(changed) })
          .where("key", "=", "demoBookingsPerFamily")
          .execute();
        expect((await getSiteSettings(trx)).demoBookingsPerFamily).toBe(changed);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect((await getSiteSettings(server.db)).demoBookingsPerFamily).toBe(before.demoBookingsPerFamily);
  });
});
