import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { getSiteSettings, putSiteSetting } from "./site.server";

/**
 * The settings are parsed again only when the database's fingerprint of their rows changes (issue
 * 40): a change made by another instance, or straight in the database, shows on the next read.
 * On SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
describe("site settings read", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("returns the same frozen object while nothing changed, and the change on the next read whoever made it", async () => {
    const first = await getSiteSettings(server.db);
    expect(await getSiteSettings(server.db)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);

    await putSiteSetting(server.db, "demoBookingsPerFamily", first.demoBookingsPerFamily + 1);
    const second = await getSiteSettings(server.db);
    expect(second.demoBookingsPerFamily).toBe(first.demoBookingsPerFamily + 1);

    // Another instance (its own connection) changes a value to one of the same length: still seen.
    const other = server.openDb();
    try {
      await other
        .updateTable("site_settings")
        .set({ value: JSON.stringify(first.demoBookingsPerFamily + 2) })
        .where("key", "=", "demoBookingsPerFamily")
        .execute();
      expect((await getSiteSettings(server.db)).demoBookingsPerFamily).toBe(first.demoBookingsPerFamily + 2);
      // A row removed: the default again.
      await other.deleteFrom("site_settings").where("key", "=", "demoBookingsPerFamily").execute();
      expect((await getSiteSettings(server.db)).demoBookingsPerFamily).toBe(first.demoBookingsPerFamily);
    } finally {
      await other.destroy();
    }
  });
});
