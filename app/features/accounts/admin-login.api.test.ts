import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { createUser } from "./accounts.server";

describe("POST /api/admin/login (staff sign-in)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.db, { username: "Staff Member", email: "staff@example.com", password: "Staff-Passw0rd", role: "admin" });
    await createUser(server.db, { username: "Parent Person", email: "parent@example.com", password: "Parent-Passw0rd" });
  });
  afterAll(async () => {
    await server?.close();
  });

  const sessionCount = async () =>
    (
      await server.db
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

  it("signs staff in with a session cookie", async () => {
    const res = await server.request("POST", "/api/admin/login", { json: { email: "Staff@Example.com", password: "Staff-Passw0rd" } });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ username: "Staff Member", email: "staff@example.com", role: "admin" });
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^sid=/);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie } })).body.user.role).toBe("admin");
  });

  it("refuses a non-staff account with 403 and a clear message, and starts no session", async () => {
    const before = await sessionCount();
    const res = await server.request("POST", "/api/admin/login", { json: { email: "parent@example.com", password: "Parent-Passw0rd" } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("This sign-in is for staff only. Your account has no access to the admin area.");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await sessionCount()).toBe(before);
  });

  it("answers in Arabic when asked", async () => {
    const res = await server.request("POST", "/api/admin/login", {
      json: { email: "parent@example.com", password: "Parent-Passw0rd" },
      headers: { "accept-language": "ar" },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/للموظفين فقط/);
  });

  it("answers 401 for a wrong password and 400 for bad bodies", async () => {
    expect((await server.request("POST", "/api/admin/login", { json: { email: "staff@example.com", password: "wrong" } })).status).toBe(401);
    expect((await server.request("POST", "/api/admin/login", { body: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await server.request("POST", "/api/admin/login", { json: { email: { $ne: "" }, password: ["x"] } })).status).toBe(400);
    const huge = await server.request("POST", "/api/admin/login", { json: { email: "a@b.co", password: "x".repeat(500) } });
    expect(huge.status).toBe(400);
    expect(typeof huge.body.message).toBe("string");
  });

  it("shares the sign-in limits per e-mail and client with /login", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await server.request("POST", "/login", {
            json: { email: "limited@example.com", password: `guess${i}` },
            headers: { "x-forwarded-for": "203.0.113.62" },
          })
        ).status,
      );
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await server.request("POST", "/api/admin/login", {
            json: { email: "limited@example.com", password: `guess${i}` },
            headers: { "x-forwarded-for": "203.0.113.62" },
          })
        ).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
