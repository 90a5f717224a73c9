import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { changeUser } from "./users.server";

describe("admin users API", () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer["signIn"]>>;
  let parent: Awaited<ReturnType<TestServer["signIn"]>>;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn("admin");
    parent = await server.signIn("user");
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, cookie = admin.cookie) => server.request("GET", path, { headers: { cookie } });
  const patch = (path: string, json: unknown, cookie = admin.cookie) => server.request("PATCH", path, { json, headers: { cookie, origin: server.url } });
  const user = (id: number) => server.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("answers 401 without a session and 403 to a non-staff account, on every endpoint", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/users"],
      ["GET", `/api/admin/users/${parent.user.id}`],
      ["PATCH", `/api/admin/users/${parent.user.id}`],
    ] as const) {
      const json = method === "PATCH" ? { role: "admin" } : undefined;
      const anonymous = await server.request(method, path, { json });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBeTruthy();
      const nonStaff = await server.request(method, path, { json, headers: { cookie: parent.cookie, origin: server.url } });
      expect(nonStaff.status).toBe(403);
      expect(nonStaff.body.message).toBeTruthy();
    }
    expect((await user(parent.user.id)).role).toBe("user");
  });

  it("lists and searches accounts without password hashes, and exports them as CSV", async () => {
    const list = await get(`/api/admin/users?q=${encodeURIComponent(parent.user.email.toUpperCase())}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0]).toMatchObject({ id: parent.user.id, email: parent.user.email, role: "user", disabled: false });
    expect(list.body.rows[0]).not.toHaveProperty("password_hash");
    const admins = await get("/api/admin/users?role=admin");
    expect(admins.body.rows.every((u: { role: string }) => u.role === "admin")).toBe(true);
    const csv = await get("/api/admin/users?format=csv&sort=email&dir=asc");
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(String(csv.body)).toContain(parent.user.email);
    expect(String(csv.body)).not.toMatch(/argon|\$2[aby]\$/);
    const one = await get(`/api/admin/users/${parent.user.id}`);
    expect(one.body.user).toMatchObject({ id: parent.user.id, role: "user" });
    expect(one.body.user).not.toHaveProperty("password_hash");
  });

  it("changes a role and records it in the audit log", async () => {
    // Staff power goes only to a proven e-mail (decision 042; staff-grants.api.test.ts has the rest).
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", parent.user.id).execute();
    const res = await patch(`/api/admin/users/${parent.user.id}`, { role: "admin" });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe("admin");
    // A role change ends the account's sessions (issue 11): the new power comes with a fresh sign-in.
    expect((await get("/api/admin/users", parent.cookie)).status).toBe(401);
    const staffSignIn = await server.request("POST", "/api/admin/login", { json: { email: parent.user.email, password: parent.password } });
    const staffCookie = staffSignIn.headers.getSetCookie()[0]!.split(";")[0]!;
    expect((await get("/api/admin/users", staffCookie)).status).toBe(200);
    const back = await patch(`/api/admin/users/${parent.user.id}`, { role: "user" });
    expect(back.status).toBe(200);
    expect((await get("/api/admin/users", staffCookie)).status).toBe(401);
    expect(await server.db.selectFrom("sessions").select("id").where("user_id", "=", parent.user.id).execute()).toHaveLength(0);
    const entries = await server.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "user")
      .where("entity_id", "=", String(parent.user.id))
      .orderBy("id")
      .execute();
    expect(entries.map((e) => [e.action, JSON.parse(e.summary), e.user_id])).toEqual([
      ["role", { changes: { role: { from: "user", to: "admin" } } }, admin.user.id],
      ["role", { changes: { role: { from: "admin", to: "user" } } }, admin.user.id],
    ]);
  });

  it("disabling ends the account's sessions and stops sign-in; re-enabling lets it back in", async () => {
    const target = await server.signIn("user");
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: target.cookie } })).status).toBe(200);
    const res = await patch(`/api/admin/users/${target.user.id}`, { disabled: true });
    expect(res.status).toBe(200);
    expect(res.body.user.disabled).toBe(true);
    expect(await server.db.selectFrom("sessions").select("id").where("user_id", "=", target.user.id).execute()).toHaveLength(0);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: target.cookie } })).status).toBe(401);
    expect((await server.request("POST", "/login", { json: { email: target.user.email, password: target.password } })).status).toBe(403);
    const enable = await patch(`/api/admin/users/${target.user.id}`, { disabled: false });
    expect(enable.body.user.disabled).toBe(false);
    expect((await server.request("POST", "/login", { json: { email: target.user.email, password: target.password } })).status).toBe(200);
    const actions = await server.db.selectFrom("audit_log").select("action").where("entity_id", "=", String(target.user.id)).orderBy("id").execute();
    expect(actions.map((a) => a.action)).toEqual(["disable", "enable"]);
  });

  it("refuses to remove the staff member's own role or disable their own account (409)", async () => {
    const own = await patch(`/api/admin/users/${admin.user.id}`, { role: "user" });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe("You cannot remove your own staff role.");
    const disable = await patch(`/api/admin/users/${admin.user.id}`, { disabled: true });
    expect(disable.status).toBe(409);
    expect(disable.body.message).toBe("You cannot disable your own account.");
    expect(await user(admin.user.id)).toMatchObject({ role: "admin", disabled: 0 });
  });

  it("never demotes or disables the last active staff account", async () => {
    const second = await server.signIn("admin");
    // With two staff accounts, one may demote the other.
    expect((await patch(`/api/admin/users/${second.user.id}`, { role: "user" })).status).toBe(200);
    // The demoted account's session ended with the role change.
    expect((await get("/api/admin/users", second.cookie)).status).toBe(401);
    // Now `admin` is the only active staff account. Through the API the actor is always an active
    // staff member (so the own-account rules answer first); the rule itself also holds for any
    // other caller of changeUser, e.g. a second request racing this one.
    expect(await changeUser(server.db, parent.user.id, admin.user.id, { role: "user" })).toEqual({ ok: false, reason: "lastAdmin" });
    expect(await changeUser(server.db, parent.user.id, admin.user.id, { disabled: true })).toEqual({ ok: false, reason: "lastAdmin" });
    expect(await user(admin.user.id)).toMatchObject({ role: "admin", disabled: 0 });
  });

  it.each([
    ["an unknown role", { role: "owner" }, "role"],
    ["a non-boolean disabled", { disabled: "yes" }, "disabled"],
    ["an empty change", {}, "role"],
  ])("refuses %s with 400 and changes nothing", async (_name, json, field) => {
    const before = await user(parent.user.id);
    const res = await patch(`/api/admin/users/${parent.user.id}`, json);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBeTruthy();
    expect(await user(parent.user.id)).toEqual(before);
  });

  it("answers 404 for unknown ids and 400 for malformed bodies", async () => {
    expect((await patch("/api/admin/users/999999", { role: "admin" })).status).toBe(404);
    expect((await patch("/api/admin/users/x1", { role: "admin" })).status).toBe(404);
    expect((await get("/api/admin/users/999999")).status).toBe(404);
    const malformed = await server.request("PATCH", `/api/admin/users/${parent.user.id}`, {
      body: "{",
      headers: { cookie: admin.cookie, origin: server.url, "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBeTruthy();
    expect((await get("/api/admin/users?pageSize=1000")).status).toBe(400);
    expect((await get("/api/admin/users?role=root")).status).toBe(400);
  });
});
