import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "~server/audit/audit";
import { startTestServer, type TestServer } from "~server/test/harness";

describe("GET /api/admin/audit", () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer["signIn"]>>;
  let parent: Awaited<ReturnType<TestServer["signIn"]>>;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn("admin");
    parent = await server.signIn("user");
    await recordAudit(server.db, { userId: admin.user.id, action: "update", entity: "course", entityId: 3, summary: { changed: ["price"] } });
    await recordAudit(server.db, { userId: admin.user.id, action: "delete", entity: "blog_post", entityId: "7", summary: { title: "=cmd" } });
    await recordAudit(server.db, { userId: null, action: "create", entity: "course", summary: {} });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, cookie = admin.cookie) => server.request("GET", path, { headers: { cookie } });

  it("is for staff only", async () => {
    expect((await server.request("GET", "/api/admin/audit")).status).toBe(401);
    const res = await get("/api/admin/audit", parent.cookie);
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
  });

  it("lists who did what and when, newest first, filterable", async () => {
    const all = await get("/api/admin/audit");
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.rows[0]).toMatchObject({ action: "create", entity: "course", entity_id: "", user_email: null });
    expect(all.body.rows[2]).toMatchObject({
      action: "update",
      entity: "course",
      entity_id: "3",
      user_email: admin.user.email,
      summary: { changed: ["price"] },
    });
    const courses = await get("/api/admin/audit?entity=course&sort=created&dir=asc");
    expect(courses.body.rows.map((r: { action: string }) => r.action)).toEqual(["update", "create"]);
    const byEmail = await get(`/api/admin/audit?q=${encodeURIComponent(admin.user.email)}`);
    expect(byEmail.body.total).toBe(2);
    const byUser = await get(`/api/admin/audit?user=${encodeURIComponent(admin.user.email)}&action=delete`);
    expect(byUser.body.rows.map((r: { entity: string }) => r.entity)).toEqual(["blog_post"]);
  });

  it("exports CSV and refuses bad queries", async () => {
    const csv = await get("/api/admin/audit?format=csv&entity=blog_post");
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(admin.user.email);
    expect((await get("/api/admin/audit?sort=users.password_hash")).status).toBe(400);
    expect((await get(`/api/admin/audit?entity=${"x".repeat(101)}`)).status).toBe(400);
  });
});
