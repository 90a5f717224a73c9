import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import * as inviteRole from "./2026-11-26-10-invite-role";
import * as sessionDevices from "./2026-11-26-10-session-devices";

/** Issue 25's migrations, both ways, on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
describe("invitation role and session device migrations", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it("give rows that were there a reference and old invitations the admin role, and undo cleanly", async () => {
    const parent = await server.signIn("user");
    const admin = await server.signIn("admin");
    await sessionDevices.down(server.db as never);
    await inviteRole.down(server.db as never);
    const now = new Date().toISOString();
    await sql`insert into staff_invites (id, email, invited_by, lang, created_at, expires_at) values ('old-hash', 'old@example.com', ${admin.user.id}, 'en', ${now}, ${now})`.execute(
      server.db,
    );
    await inviteRole.up(server.db as never);
    await sessionDevices.up(server.db as never);

    const invite = await server.db.selectFrom("staff_invites").select(["role", "ref"]).where("id", "=", "old-hash").executeTakeFirstOrThrow();
    expect(invite.role).toBe("admin");
    expect(invite.ref).toMatch(/^[\w-]{16}$/);
    const sessions = await server.db.selectFrom("sessions").select(["ref", "browser", "ip"]).where("user_id", "in", [parent.user.id, admin.user.id]).execute();
    expect(sessions).toHaveLength(2);
    for (const session of sessions) expect(session).toMatchObject({ ref: expect.stringMatching(/^[\w-]{16}$/), browser: null, ip: null });
    expect(new Set(sessions.map((s) => s.ref)).size).toBe(2);
    // Sessions still work after the round trip.
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: parent.cookie } })).status).toBe(200);
    await expect(
      sql`insert into staff_invites (id, email, lang, role, created_at, expires_at) values ('x', 'x@example.com', 'en', 'owner', ${now}, ${now})`.execute(
        server.db,
      ),
    ).rejects.toThrow();
  });
});
