import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { createOrPromoteAdmin, createUser } from "./accounts.server";
import { adminSetupLink, adminSetupTokenValid } from "./admin-setup.server";

describe("first staff account through the one-time setup link", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: "https://stem.example" });
  });
  afterAll(async () => {
    await server?.close();
  });

  const tokenOf = (link: string | null) => new URL(link!).searchParams.get("token")!;
  const account = { username: "First Staff", email: "first@example.com", password: "First-Passw0rd" };

  it("creates the first staff account once, signs it in, and then every link stops working", async () => {
    const link = await adminSetupLink(server.db, server.config);
    expect(link).toMatch(/^https:\/\/stem\.example\/admin\/setup\?token=[\w-]{43}$/);
    const otherLink = await adminSetupLink(server.db, server.config);
    const token = tokenOf(link);
    expect(await adminSetupTokenValid(server.db, token)).toBe(true);
    // Only the hash is stored.
    const rows = await server.db.selectFrom("admin_setup_tokens").select("id").execute();
    expect(rows.some((r) => r.id === token)).toBe(false);

    const weak = await server.request("POST", "/api/first-admin", { json: { ...account, token, password: "short" } });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.errors)).toEqual(["password"]);

    const wrong = await server.request("POST", "/api/first-admin", { json: { ...account, token: "y".repeat(43) } });
    expect(wrong.status).toBe(410);
    expect(await adminSetupTokenValid(server.db, token)).toBe(true);

    const created = await server.request("POST", "/api/first-admin", { json: { ...account, token } });
    expect(created.status).toBe(201);
    const cookie = (created.headers.get("set-cookie") ?? "").split(";")[0]!;
    const me = await server.request("GET", "/api/getUser", { headers: { cookie } });
    expect(me.body.user).toEqual({ username: "First Staff", email: "first@example.com", role: "admin" });

    const reused = await server.request("POST", "/api/first-admin", { json: { ...account, email: "second@example.com", token } });
    expect(reused.status).toBe(410);
    const other = await server.request("POST", "/api/first-admin", { json: { ...account, email: "second@example.com", token: tokenOf(otherLink) } });
    expect(other.status).toBe(410);
    expect(await adminSetupTokenValid(server.db, tokenOf(otherLink))).toBe(false);
    expect(await adminSetupLink(server.db, server.config)).toBeNull();
    expect(await server.db.selectFrom("users").select("id").where("email", "=", "second@example.com").executeTakeFirst()).toBeUndefined();
  });

  it.each([
    ["malformed JSON", { body: "{", headers: { "content-type": "application/json" } }],
    ["missing fields", { json: {} }],
    ["wrong types", { json: { token: 1, username: ["a"], email: true, password: null } }],
    ["a hostile token", { json: { ...account, token: "<script>alert(1)</script>" } }],
  ])("refuses %s with 400", async (_name, options) => {
    const res = await server.request("POST", "/api/first-admin", options);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  });
});

describe("promoting an existing account to staff ends its sessions (issue 11)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  // Someone registered the future staff member's e-mail and holds a session with it.
  async function squat(email: string) {
    await createUser(server.db, { username: "Squatter", email, password: "Squatter-Passw0rd" });
    const login = await server.request("POST", "/login", { json: { email, password: "Squatter-Passw0rd" }, headers: { origin: server.url } });
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    expect((await server.request("GET", "/api/getUser", { headers: { cookie } })).status).toBe(200);
    return cookie;
  }

  it("through the one-time setup link", async () => {
    const squatter = await squat("owner@example.com");
    const token = new URL((await adminSetupLink(server.db, server.config))!).searchParams.get("token")!;
    const created = await server.request("POST", "/api/first-admin", {
      json: { token, username: "Real Owner", email: "owner@example.com", password: "Owner-Passw0rd" },
    });
    expect(created.status).toBe(201);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: squatter } })).status).toBe(401);
    expect((await server.request("GET", "/api/admin/users", { headers: { cookie: squatter } })).status).toBe(401);
    expect((await server.request("POST", "/login", { json: { email: "owner@example.com", password: "Squatter-Passw0rd" } })).status).toBe(401);
    const owner = created.headers.getSetCookie()[0]!.split(";")[0]!;
    expect((await server.request("GET", "/api/admin/users", { headers: { cookie: owner } })).status).toBe(200);
  });

  it("through admin:create (the function the command runs)", async () => {
    const squatter = await squat("second.owner@example.com");
    expect(await createOrPromoteAdmin(server.db, { username: "Second Owner", email: "second.owner@example.com", password: "Owner-Passw0rd" })).toBe("promoted");
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: squatter } })).status).toBe(401);
    const row = await server.db.selectFrom("users").selectAll().where("email", "=", "second.owner@example.com").executeTakeFirstOrThrow();
    expect(row.role).toBe("admin");
    expect(row.email_verified_at).not.toBeNull();
  });
});
