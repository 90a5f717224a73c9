import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/features/accounts/accounts.server";
import { startTestServer, type TestServer } from "~server/test/harness";
import { SESSION_LIFETIMES } from "./session";

const HOUR = 60 * 60 * 1000;
const cookieOf = (headers: Headers) => headers.getSetCookie()[0]!.split(";")[0]!;

describe("sessions age like a careful bank's (issue 11)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const me = (cookie: string) => server.request("GET", "/api/getUser", { headers: { cookie } });
  // Moves a session's clock back, as if its last request or its sign-in happened that long ago.
  async function age(userId: number, { idle = 0, since = 0 }: { idle?: number; since?: number }) {
    const now = Date.now();
    await server.db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(now - idle).toISOString(), created_at: new Date(now - Math.max(idle, since)).toISOString() })
      .where("user_id", "=", userId)
      .execute();
  }

  it("documents the chosen limits: staff 2 h idle and 12 h in all, parents 30 days idle and 90 in all", () => {
    expect(SESSION_LIFETIMES.admin).toEqual({ idle: 2 * HOUR, absolute: 12 * HOUR });
    expect(SESSION_LIFETIMES.user).toEqual({ idle: 30 * 24 * HOUR, absolute: 90 * 24 * HOUR });
  });

  it("ends a staff session after 2 idle hours, while a parent's session of the same age lives on", async () => {
    const staff = await server.signIn("admin");
    const parent = await server.signIn("user");
    await age(staff.user.id, { idle: 2 * HOUR + 60_000 });
    await age(parent.user.id, { idle: 2 * HOUR + 60_000 });
    expect((await me(staff.cookie)).status).toBe(401);
    expect((await me(parent.cookie)).status).toBe(200);
    expect(await server.db.selectFrom("sessions").select("id").where("user_id", "=", staff.user.id).execute()).toHaveLength(0);
  });

  it("keeps an active staff session alive but ends it 12 hours after sign-in whatever the activity", async () => {
    const staff = await server.signIn("admin");
    await age(staff.user.id, { idle: 30 * 60_000, since: 11 * HOUR });
    expect((await me(staff.cookie)).status).toBe(200);
    await age(staff.user.id, { idle: 60_000, since: 12 * HOUR + 60_000 });
    expect((await me(staff.cookie)).status).toBe(401);
  });

  it("ends a parent's session after 30 idle days or 90 days in all", async () => {
    const idle = await server.signIn("user");
    await age(idle.user.id, { idle: 30 * 24 * HOUR + 60_000 });
    expect((await me(idle.cookie)).status).toBe(401);
    const old = await server.signIn("user");
    await age(old.user.id, { idle: HOUR, since: 90 * 24 * HOUR + 60_000 });
    expect((await me(old.cookie)).status).toBe(401);
  });

  it("a new sign-in replaces the session cookie it came with", async () => {
    await createUser(server.db, { username: "Lina Saad", email: "lina@example.com", password: "Sunflower9" });
    // A token someone else planted (or saw) in this browser before the sign-in.
    const planted = await server.signIn("user");
    const login = await server.request("POST", "/login", {
      json: { email: "lina@example.com", password: "Sunflower9" },
      headers: { cookie: planted.cookie, origin: server.url },
    });
    expect(login.status).toBe(200);
    const fresh = cookieOf(login.headers);
    expect(fresh).not.toBe(planted.cookie);
    expect((await me(planted.cookie)).status).toBe(401);
    expect((await me(fresh)).body.user.email).toBe("lina@example.com");
  });
});

describe("the session cookie in production over https", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: "production", PUBLIC_URL: "https://stem.example" });
    await createUser(server.db, { username: "Huda Nasser", email: "huda@example.com", password: "Sunflower9" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is named __Host-sid, Secure, host-only with Path=/, and a plain sid cookie is not read", async () => {
    const login = await server.request("POST", "/login", { json: { email: "huda@example.com", password: "Sunflower9" } });
    expect(login.status).toBe(200);
    const header = login.headers.getSetCookie()[0]!;
    expect(header).toMatch(/^__Host-sid=[\w-]{43};/);
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/; Path=\//i);
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).not.toMatch(/Domain=/i);
    const token = cookieOf(login.headers).slice("__Host-sid=".length);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: `__Host-sid=${token}` } })).status).toBe(200);
    // A cookie without the prefix could have been set by a sibling subdomain: ignored.
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: `sid=${token}` } })).status).toBe(401);
  });
});

describe("per-client limits behind a proxy (TRUST_PROXY as a hop count)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("counts a client by the address its proxy saw, however it fills X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // The client forges a new address each time; the one proxy appends the real one.
      const res = await server.request("POST", "/login", {
        json: { email: `guess${i}@example.com`, password: "Wrong-guess1" },
        headers: { "x-forwarded-for": `198.51.100.${i + 1}, 203.0.113.7` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another client behind the same proxy is not affected.
    const other = await server.request("POST", "/login", {
      json: { email: "guess@example.com", password: "Wrong-guess1" },
      headers: { "x-forwarded-for": "203.0.113.8" },
    });
    expect(other.status).toBe(401);
  });
});
