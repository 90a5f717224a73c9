import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import * as editorRole from "~server/db/migrations/2026-11-24-30-editor-role";

/** Issue 16: an editor writes content and follows up enquiries, but manages no accounts or settings. */
describe("the editor role", () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer["signIn"]>>;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn("admin");
  });
  afterAll(() => server?.close());

  const as = (cookie: string, method: string, path: string, json?: unknown) =>
    server.request(method, path, { headers: { cookie }, ...(json === undefined ? {} : { json }) });

  it("opens content, enquiries and slots, and refuses accounts, invitations, settings and the audit log", async () => {
    const editor = await server.signIn("editor");
    for (const path of ["/api/admin/courses", "/api/admin/blogs", "/api/admin/submissions/contact", "/api/admin/slots"]) {
      expect((await as(editor.cookie, "GET", path)).status, path).toBe(200);
    }
    for (const [method, path, json] of [
      ["GET", "/api/admin/users"],
      ["PATCH", `/api/admin/users/${editor.user.id}`, { role: "admin" }],
      ["GET", "/api/admin/settings"],
      ["GET", "/api/admin/audit"],
      ["POST", "/api/admin/invites", { email: "friend@example.com" }],
    ] as const) {
      const res = await as(editor.cookie, method, path, json);
      expect(res.status, path).toBe(403);
      expect(res.body.message).toMatch(/administrators/);
    }
    expect((await server.db.selectFrom("users").select("role").where("id", "=", editor.user.id).executeTakeFirstOrThrow()).role).toBe("editor");
  });

  it("is given by an admin, ends the account's sessions, and signs in at the staff sign-in", async () => {
    const parent = await server.signIn("user");
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", parent.user.id).execute();
    const res = await as(admin.cookie, "PATCH", `/api/admin/users/${parent.user.id}`, { role: "editor" });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe("editor");
    expect((await as(parent.cookie, "GET", "/api/getUser")).status).toBe(401);
    const signIn = await server.request("POST", "/api/admin/login", { json: { email: parent.user.email, password: parent.password } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.role).toBe("editor");
    expect((await server.request("POST", "/api/admin/users", { json: {} })).status).toBe(401);
  });

  it("an admin cannot make themselves an editor, nor the last admin be made one", async () => {
    const own = await as(admin.cookie, "PATCH", `/api/admin/users/${admin.user.id}`, { role: "editor" });
    expect(own.status).toBe(409);
    expect((await as(admin.cookie, "PATCH", `/api/admin/users/${admin.user.id}`, { role: "superuser" })).status).toBe(400);
  });

  it("the migration keeps every account and what refers to it, both ways", async () => {
    const before = await server.db.selectFrom("users").select(["id", "email", "role"]).orderBy("id").execute();
    const sessions = await server.countRows("sessions");
    await server.db.updateTable("users").set({ role: "user" }).where("role", "=", "editor").execute();
    await editorRole.down(server.db as never);
    await expect(
      sql`insert into users (username, email, role, created_at, updated_at) values ('x', 'x@example.com', 'editor', 'now', 'now')`.execute(server.db),
    ).rejects.toThrow();
    await editorRole.up(server.db as never);
    const after = await server.db.selectFrom("users").select(["id", "email"]).orderBy("id").execute();
    expect(after).toEqual(before.map(({ id, email }) => ({ id, email })));
    expect(await server.countRows("sessions")).toBe(sessions);
    await server.db.updateTable("users").set({ role: "editor" }).where("id", "=", before[0]!.id).execute();
    await expect(sql`update users set role = 'owner' where id = ${before[0]!.id}`.execute(server.db)).rejects.toThrow();
    // Sessions still cascade with their account after the rebuild.
    const parent = await server.signIn("user");
    await server.db.deleteFrom("users").where("id", "=", parent.user.id).execute();
    expect(await server.db.selectFrom("sessions").select("id").where("user_id", "=", parent.user.id).execute()).toHaveLength(0);
  });
});
