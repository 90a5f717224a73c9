import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpCatcher, type SmtpCatcher } from "~server/test/smtp-catcher";
import { startTestServer, type TestServer } from "~server/test/harness";
import { createUser } from "./accounts.server";
import { tokenHash } from "~server/security/one-time-links";

describe("password reset", () => {
  let smtp: SmtpCatcher;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: "https://stem.example" });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  const linkIn = (text: string) => /https:\/\/stem\.example(\/ar)?\/reset-password\?token=([\w-]+)/.exec(text);
  const resetCount = async () =>
    (
      await server.db
        .selectFrom("password_resets")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

  it("mails a single-use link that sets the password and ends every session", async () => {
    await createUser(server.db, { username: "Layla Hassan", email: "layla@example.com", password: "OldPassw0rd" });
    const login = await server.request("POST", "/login", { json: { email: "layla@example.com", password: "OldPassw0rd" } });
    const oldCookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;

    const mail = smtp.nextMailTo("layla@example.com");
    const asked = await server.request("POST", "/api/password/forgot", { json: { email: "Layla@Example.com" } });
    expect(asked.status).toBe(200);
    const received = await mail;
    expect(received.subject).toBe("Reset your STEM Academy password");
    expect(received.text).toContain("Hello Layla Hassan");
    const link = linkIn(received.text);
    expect(link).not.toBeNull();
    const token = link![2]!;

    // Only the token's hash is stored, with a one-hour expiry.
    const row = await server.db.selectFrom("password_resets").selectAll().executeTakeFirstOrThrow();
    expect(row.id).toBe(tokenHash(token));
    expect(row.id).not.toContain(token);
    const lifetime = Date.parse(row.expires_at) - Date.parse(row.created_at);
    expect(lifetime).toBe(60 * 60 * 1000);

    const weak = await server.request("POST", "/api/password/reset", { json: { token, password: "weakpass" } });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.errors)).toEqual(["password"]);

    const done = await server.request("POST", "/api/password/reset", { json: { token, password: "NewPassw0rd" } });
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/password has been changed/);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: oldCookie } })).status).toBe(401);
    expect((await server.request("POST", "/login", { json: { email: "layla@example.com", password: "OldPassw0rd" } })).status).toBe(401);
    expect((await server.request("POST", "/login", { json: { email: "layla@example.com", password: "NewPassw0rd" } })).status).toBe(200);

    const again = await server.request("POST", "/api/password/reset", { json: { token, password: "OtherPassw0rd" } });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid, already used or expired/);
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const tokensBefore = await resetCount();
    const unknown = await server.request("POST", "/api/password/forgot", { json: { email: "nobody@example.com" } });
    expect(unknown.status).toBe(200);
    expect(await resetCount()).toBe(tokensBefore);
    const mail = smtp.nextMailTo("layla@example.com");
    const known = await server.request("POST", "/api/password/forgot", { json: { email: "layla@example.com" } });
    expect(unknown.body).toEqual(known.body);
    await mail;
    expect(smtp.all.some((m) => m.to.includes("nobody@example.com"))).toBe(false);
  });

  it("writes the e-mail in Arabic with the Arabic page's link when asked in Arabic", async () => {
    await createUser(server.db, { username: "Omar Farouk", email: "omar@example.com", password: "OldPassw0rd" });
    const mail = smtp.nextMailTo("omar@example.com");
    await server.request("POST", "/api/password/forgot", { json: { email: "omar@example.com" }, headers: { "accept-language": "ar" } });
    const received = await mail;
    expect(received.subject).toBe("إعادة تعيين كلمة مرور أكاديمية STEM");
    expect(linkIn(received.text)?.[1]).toBe("/ar");
  });

  it("refuses an expired token", async () => {
    const mail = smtp.nextMailTo("omar@example.com");
    await server.request("POST", "/api/password/forgot", { json: { email: "omar@example.com" } });
    const token = linkIn((await mail).text)![2]!;
    await server.db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", tokenHash(token))
      .execute();
    const res = await server.request("POST", "/api/password/reset", { json: { token, password: "NewPassw0rd" } });
    expect(res.status).toBe(400);
    expect((await server.request("POST", "/login", { json: { email: "omar@example.com", password: "OldPassw0rd" } })).status).toBe(200);
  });

  it.each([
    ["malformed JSON", { body: "{", headers: { "content-type": "application/json" } }],
    ["a missing e-mail", { json: {} }],
    ["a wrong type", { json: { email: ["a@b.co"] } }],
    ["an oversized e-mail", { json: { email: `${"a".repeat(300)}@example.com` } }],
    ["a filled honeypot", { json: { email: "layla@example.com", website: "http://spam" } }],
  ])("refuses %s on /api/password/forgot with 400 and stores nothing", async (_name, options) => {
    const before = await resetCount();
    const res = await server.request("POST", "/api/password/forgot", options);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
    expect(await resetCount()).toBe(before);
  });

  it.each([
    ["a missing token", { password: "NewPassw0rd" }],
    ["a hostile token", { token: "' or 1=1 --<script>", password: "NewPassw0rd" }],
    ["an unknown token", { token: "x".repeat(43), password: "NewPassw0rd" }],
    ["a numeric password", { token: "x".repeat(43), password: 12345678 }],
  ])("refuses %s on /api/password/reset with 400", async (_name, json) => {
    const res = await server.request("POST", "/api/password/reset", { json });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  });

  it("limits reset requests per e-mail from one client, and per client", async () => {
    const perEmail: number[] = [];
    const client = { "x-forwarded-for": "203.0.113.63" };
    for (let i = 0; i < 4; i++)
      perEmail.push((await server.request("POST", "/api/password/forgot", { json: { email: "target@example.com" }, headers: client })).status);
    expect(perEmail).toEqual([200, 200, 200, 429]);
    const perIp: number[] = [];
    const headers = { "x-forwarded-for": "203.0.113.77" };
    for (let i = 0; i < 11; i++) perIp.push((await server.request("POST", "/api/password/forgot", { json: { email: `p${i}@example.com` }, headers })).status);
    expect(perIp.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(perIp[10]).toBe(429);
  });
});
