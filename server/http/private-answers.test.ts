import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentBuild } from "~server/test/document-build";
import { startTestServer, type TestServer } from "~server/test/harness";

// Issue 25: pages viewed by staff carry their e-mail and role, /api/admin/users names and phone
// numbers; without Cache-Control a shared or browser cache could keep them.
describe("personal answers are never kept by a cache", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({}, { pages: { build: documentBuild().build } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const cacheControl = async (path: string, headers: Record<string, string> = {}) =>
    (await server.request("GET", path, { headers })).headers.get("cache-control");

  it("marks every staff API answer private, no-store: with a session, without one, and refused", async () => {
    const admin = await server.signIn("admin");
    const editor = await server.signIn("editor");
    expect(await cacheControl("/api/admin/users", { cookie: admin.cookie })).toBe("private, no-store");
    expect(await cacheControl("/api/admin/settings", { cookie: editor.cookie })).toBe("private, no-store"); // 403
    expect(await cacheControl("/api/admin/users")).toBe("private, no-store"); // 401
    expect(await cacheControl("/API/Admin/users")).toBe("private, no-store");
  });

  it("marks every answer of an endpoint for signed-in callers private, no-store, refusals included", async () => {
    const parent = await server.signIn("user");
    expect(await cacheControl("/api/teaching/meetings")).toBe("private, no-store"); // 401
    expect(await cacheControl("/api/teaching/meetings", { cookie: parent.cookie })).toBe("private, no-store"); // 403
    expect(await cacheControl("/api/account/progress-reports")).toBe("private, no-store"); // 401
  });

  it("marks a page rendered for a signed-in visitor private, no-store, and leaves an anonymous one shareable", async () => {
    const parent = await server.signIn("user");
    expect(await cacheControl("/courses", { cookie: parent.cookie })).toBe("private, no-store");
    expect(await cacheControl("/api/blogs", { cookie: parent.cookie })).toBe("private, no-store");
    const anonymous = await cacheControl("/courses");
    expect(anonymous ?? "").not.toMatch(/private|no-store/);
  });

  it("marks the answer that sets a session cookie private, no-store", async () => {
    const parent = await server.signIn("user");
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.1.2.3" },
      body: JSON.stringify({ email: parent.user.email, password: parent.password }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("set-cookie")).toBeTruthy();
    expect(login.headers.get("cache-control")).toBe("private, no-store");
  });
});
