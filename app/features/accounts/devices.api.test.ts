import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const MAC_FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:132.0) Gecko/20100101 Firefox/132.0";

/** Issue 25: a person sees where their account is signed in and ends any of it; admins end all of an account's. */
describe("signed-in devices", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const signInFrom = async (email: string, password: string, userAgent: string, ip: string, path = "/login") => {
    const res = await server.request("POST", path, { json: { email, password }, headers: { "user-agent": userAgent, "x-forwarded-for": ip } });
    expect(res.status).toBe(200);
    return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  };
  const as = (cookie: string, method: string, url: string) => server.request(method, url, { headers: { cookie, origin: server.url } });

  it("lists each device with its browser, system, address and last use, marks this one, and never shows a token", async () => {
    const parent = await server.signIn("user");
    const phone = await signInFrom(parent.user.email, parent.password, ANDROID_CHROME, "203.0.113.7");
    const laptop = await signInFrom(parent.user.email, parent.password, MAC_FIREFOX, "198.51.100.23");
    const res = await as(phone, "GET", "/api/account/sessions");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const { sessions } = res.body;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toEqual([expect.objectContaining({ browser: "Chrome", os: "Android", ip: "203.0.113.7" })]);
    expect(sessions).toContainEqual(expect.objectContaining({ browser: "Firefox", os: "macOS", ip: "198.51.100.23", current: false }));
    for (const cookie of [phone, laptop, parent.cookie]) expect(JSON.stringify(res.body)).not.toContain(cookie.split("=")[1]);
    const ids = await server.db.selectFrom("sessions").select("id").where("user_id", "=", parent.user.id).execute();
    for (const { id } of ids) expect(JSON.stringify(res.body)).not.toContain(id);
  });

  it("ends another device, not someone else's; ending this one signs this browser out", async () => {
    const parent = await server.signIn("user");
    const phone = await signInFrom(parent.user.email, parent.password, ANDROID_CHROME, "203.0.113.8");
    const stranger = await server.signIn("user");
    const listed = (await as(phone, "GET", "/api/account/sessions")).body.sessions as { id: string; current: boolean }[];
    const other = listed.find((s) => !s.current)!;
    const current = listed.find((s) => s.current)!;

    expect((await as(stranger.cookie, "DELETE", `/api/account/sessions/${other.id}`)).status).toBe(404);
    expect((await as(parent.cookie, "GET", "/api/getUser")).status).toBe(200);
    const ended = await as(phone, "DELETE", `/api/account/sessions/${other.id}`);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ message: "That device was signed out.", signedOut: false });
    expect((await as(parent.cookie, "GET", "/api/getUser")).status).toBe(401);
    expect((await as(phone, "DELETE", `/api/account/sessions/${other.id}`)).status).toBe(404);
    expect((await as(phone, "DELETE", "/api/account/sessions/..%2F..%2Fetc")).status).toBe(404);

    const self = await server.request("DELETE", `/api/account/sessions/${current.id}?lang=ar`, { headers: { cookie: phone, origin: server.url } });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ message: "سُجّل خروجك من هذا الجهاز.", signedOut: true });
    expect(self.headers.get("set-cookie")).toMatch(/sid=;/);
    expect((await as(phone, "GET", "/api/getUser")).status).toBe(401);
  });

  it("staff see their own devices the same way, and an admin ends every session of an account (audited)", async () => {
    const admin = await server.signIn("admin");
    const editor = await server.signIn("editor");
    const second = await signInFrom(editor.user.email, editor.password, MAC_FIREFOX, "198.51.100.40", "/api/admin/login");
    expect((await as(second, "GET", "/api/account/sessions")).body.sessions).toHaveLength(2);

    expect((await as(editor.cookie, "POST", `/api/admin/users/${editor.user.id}/sessions/end`)).status).toBe(403);
    expect((await as(admin.cookie, "POST", "/api/admin/users/999999/sessions/end")).status).toBe(404);
    const res = await as(admin.cookie, "POST", `/api/admin/users/${editor.user.id}/sessions/end`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ended: 2, message: "2 sessions ended." });
    for (const cookie of [editor.cookie, second]) expect((await as(cookie, "GET", "/api/getUser")).status).toBe(401);
    const log = await server.db.selectFrom("audit_log").select(["user_id", "entity_id"]).where("action", "=", "end_sessions").execute();
    expect(log).toEqual([{ user_id: admin.user.id, entity_id: String(editor.user.id) }]);
  });

  it("refreshes last seen and the address at most every quarter hour, not on every request", async () => {
    const parent = await server.signIn("user");
    const row = () => server.db.selectFrom("sessions").select(["last_seen_at", "ip"]).where("user_id", "=", parent.user.id).executeTakeFirstOrThrow();
    const first = await row();
    await server.request("GET", "/api/getUser", { headers: { cookie: parent.cookie, "x-forwarded-for": "192.0.2.1" } });
    expect(await row()).toEqual(first);
    const old = new Date(Date.now() - 16 * 60_000).toISOString();
    await server.db.updateTable("sessions").set({ last_seen_at: old }).where("user_id", "=", parent.user.id).execute();
    await server.request("GET", "/api/getUser", { headers: { cookie: parent.cookie, "x-forwarded-for": "192.0.2.1" } });
    const after = await row();
    expect(after.ip).toBe("192.0.2.1");
    expect(Date.parse(after.last_seen_at)).toBeGreaterThan(Date.parse(old));
  });
});
