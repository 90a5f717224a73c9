import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { signToken } from "~server/security/signed";
import { emailProofToken } from "./email-proof.server";

/**
 * Issue 42, step 5: the sign-up page's endpoint signs the parent in and mails a "confirm your
 * e-mail" link in its own words (not the password reset); one tap on it proves the address; the
 * account can send it again until then.
 */
describe("sign-up signs in and sends a confirm-your-e-mail link", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const cookieOf = (headers: Headers) =>
    headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  const proven = async (email: string) =>
    (await server.db.selectFrom("users").select("email_verified_at").where("email", "=", email).executeTakeFirstOrThrow()).email_verified_at;

  it("signs the parent in at once and mails the link in the page's language; the link proves the address", async () => {
    const email = "sara.signup@example.com";
    const res = await server.request("POST", "/api/signup", {
      json: { username: "Sara Ahmed", email, password: "Sunflower9", contactNumber: "9876543210" },
      headers: { "accept-language": "ar", origin: server.url },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.user).toMatchObject({ email, role: "user" });
    const cookie = cookieOf(res.headers);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie } })).body.user.email).toBe(email);
    expect(await proven(email)).toBeNull();
    await waitForJobs(server.db);
    const mail = outboxMails(server.config.dataDir).find((m) => m.to === email);
    expect(mail?.subject).toBe("تأكيد بريدكم الإلكتروني في أكاديمية STEM");
    // Its own words: not the password reset's.
    expect(mail!.text).not.toMatch(/كلمة المرور/);
    const link = /\/ar\/account\/confirm-email\?token=([\w.-]+)/.exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    expect(mail!.html).toContain(`/ar/account/confirm-email?token=${link![1]}`);
    const tap = await server.request("GET", `/ar/account/confirm-email?token=${link![1]}`);
    expect(tap.status).toBe(303);
    expect(tap.headers.get("location")).toBe("/ar/account?notice=email-proven#form-notice");
    expect(await proven(email)).not.toBeNull();
    // A second tap says the same; the account may not ask again.
    expect((await server.request("GET", `/ar/account/confirm-email?token=${link![1]}`)).headers.get("location")).toBe(
      "/ar/account?notice=email-proven#form-notice",
    );
    expect((await server.request("POST", "/api/account/email-proof", { headers: { cookie, origin: server.url } })).status).toBe(409);
  });

  it("refuses a forged, expired or other address's link, proving nothing", async () => {
    const email = "omar.signup@example.com";
    const res = await server.request("POST", "/api/signup", {
      json: { username: "Omar Ali", email, password: "Sunflower9", contactNumber: "9876543210" },
      headers: { origin: server.url },
    });
    expect(res.status).toBe(201);
    const user = await server.db.selectFrom("users").select(["id", "email"]).where("email", "=", email).executeTakeFirstOrThrow();
    const secret = server.config.sessionSecret;
    const invalid = "/account?notice=email-proof-invalid#form-notice";
    for (const token of [
      "not-a-token",
      emailProofToken("another-secret-of-32-characters-x", user),
      emailProofToken(secret, { id: user.id, email: "someone.else@example.com" }),
      emailProofToken(secret, user, Date.now() - 8 * 24 * 60 * 60 * 1000),
      signToken(secret, "password-link", [user.id, "x"], Date.now() + 60_000),
    ]) {
      const tap = await server.request("GET", `/account/confirm-email?token=${encodeURIComponent(token)}`);
      expect(tap.headers.get("location"), token).toBe(invalid);
    }
    expect(await proven(email)).toBeNull();
    // Sent again from the account, then proven by the new link.
    const cookie = cookieOf(res.headers);
    const again = await server.request("POST", "/api/account/email-proof", { headers: { cookie, origin: server.url } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await server.request("GET", `/account/confirm-email?token=${emailProofToken(secret, user)}`)).headers.get("location")).toBe(
      "/account?notice=email-proven#form-notice",
    );
    expect(await proven(email)).not.toBeNull();
  });

  it("keeps /register (the specification's) as it was: no session", async () => {
    const res = await server.request("POST", "/register", {
      json: { username: "Api Client", email: "api.client@example.com", password: "Sunflower9", contactNumber: "9876543210" },
    });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
