import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import * as secondFactor from "./2026-11-26-30-second-factor";

/** The passkeys and second-factor migration, both ways (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
describe("second-factor migration", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it("keeps sessions (and their indexes) through the sessions CHECK change, and undoes cleanly", async () => {
    const parent = await server.signIn("user");
    await secondFactor.down(server.db as never);
    // Without the migration a passkey session cannot be stored.
    const now = new Date().toISOString();
    await expect(
      sql`insert into sessions (id, user_id, kind, created_at, last_seen_at, expires_at) values ('p', ${parent.user.id}, 'passkey', ${now}, ${now}, ${now})`.execute(
        server.db,
      ),
    ).rejects.toThrow();
    await secondFactor.up(server.db as never);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: parent.cookie } })).status).toBe(200);
    await sql`insert into sessions (id, user_id, kind, created_at, last_seen_at, expires_at, ref) values ('p', ${parent.user.id}, 'passkey', ${now}, ${now}, ${now}, 'passkey-ref-0001')`.execute(
      server.db,
    );
    await expect(
      sql`insert into sessions (id, user_id, kind, created_at, last_seen_at, expires_at) values ('q', ${parent.user.id}, 'magic', ${now}, ${now}, ${now})`.execute(
        server.db,
      ),
    ).rejects.toThrow();
    // The devices' unique reference index survived the rebuild.
    await expect(
      sql`insert into sessions (id, user_id, kind, created_at, last_seen_at, expires_at, ref) values ('r', ${parent.user.id}, 'password', ${now}, ${now}, ${now}, 'passkey-ref-0001')`.execute(
        server.db,
      ),
    ).rejects.toThrow();
    expect(await server.countRows("passkeys")).toBe(0);
  });
});
