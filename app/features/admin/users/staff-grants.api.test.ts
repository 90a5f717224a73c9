import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { decodeMail } from "~server/test/smtp-catcher";

/**
 * Issue 25, holes 1 and 3: a staff role never goes to an account whose e-mail nobody proved, and
 * an invitation does not outlive its sender's power; invitations carry a role and can be listed
 * and revoked.
 */
describe("granting staff power", () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer["signIn"]>>;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: "https://stem.example" });
    admin = await server.signIn("admin");
  });
  afterAll(() => server?.close());

  const as = (cookie: string, method: string, url: string, json?: unknown) =>
    server.request(method, url, { headers: { cookie, origin: server.url }, ...(json === undefined ? {} : { json }) });
  const register = (email: string, password: string) =>
    server.request("POST", "/register", { json: { username: "Squatter", email, password, contactNumber: "9876543210" } });
  const staffLogin = (email: string, password: string) => server.request("POST", "/api/admin/login", { json: { email, password } });
  const accept = (body: Record<string, unknown>) => server.request("POST", "/api/staff-invites/accept", { json: body });
  const mailsTo = (email: string) => {
    const outbox = path.join(server.config.dataDir, "outbox");
    return (existsSync(outbox) ? readdirSync(outbox).sort() : [])
      .map((file) => readFileSync(path.join(outbox, file), "utf8"))
      .filter((raw) => raw.includes(`To: ${email}`))
      .map(decodeMail);
  };
  const linkFor = async (email: string, count = 1) => {
    await vi.waitFor(() => expect(mailsTo(email).length).toBeGreaterThanOrEqual(count), { timeout: 5000 });
    return /token=([\w-]+)/.exec(mailsTo(email).at(-1)!.text)![1]!;
  };
  const userByEmail = (email: string) =>
    server.db.selectFrom("users").select(["id", "username", "role", "email_verified_at", "password_hash"]).where("email", "=", email).executeTakeFirstOrThrow();

  it("a squatter's pre-registered address is not made staff with the squatter's password; the link goes to the address instead", async () => {
    const email = "new.staff@example.com";
    expect((await register(email, "Squatter-Passw0rd")).status).toBe(201);
    const squatter = await userByEmail(email);
    const squatterLogin = await server.request("POST", "/login", { json: { email, password: "Squatter-Passw0rd" } });
    const squatterCookie = (squatterLogin.headers.get("set-cookie") ?? "").split(";")[0]!;

    // The users screen refuses the direct promotion, says why, and e-mails the invitation link.
    const promote = await as(admin.cookie, "PATCH", `/api/admin/users/${squatter.id}`, { role: "admin" });
    expect(promote.status).toBe(409);
    expect(promote.body.message).toMatch(/never proven.*invitation/);
    expect((await userByEmail(email)).role).toBe("user");
    expect((await staffLogin(email, "Squatter-Passw0rd")).status).toBe(403);
    const token = await linkFor(email);
    // A second click within minutes sends no second e-mail.
    expect((await as(admin.cookie, "PATCH", `/api/admin/users/${squatter.id}`, { role: "editor" })).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(email)).toHaveLength(1);

    // The colleague who reads that mailbox takes the account over: new name, password, proven e-mail.
    const joined = await accept({ token, username: "Real Colleague", password: "Colleague-Passw0rd1" });
    expect(joined.status).toBe(201);
    const after = await userByEmail(email);
    expect(after).toMatchObject({ id: squatter.id, username: "Real Colleague", role: "admin" });
    expect(after.email_verified_at).not.toBeNull();
    expect((await staffLogin(email, "Squatter-Passw0rd")).status).toBe(401);
    expect((await staffLogin(email, "Colleague-Passw0rd1")).status).toBe(200);
    // The squatter's old session is gone.
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: squatterCookie } })).status).toBe(401);
    const join = await server.db
      .selectFrom("audit_log")
      .select("summary")
      .where("action", "=", "join")
      .where("entity_id", "=", String(squatter.id))
      .executeTakeFirstOrThrow();
    expect(join.summary).toContain("tookOver");
  });

  it("inviting a pre-registered, unproven address sends a takeover link instead of answering 409", async () => {
    expect((await register("early.bird@example.com", "Early-Passw0rd1")).status).toBe(201);
    const res = await as(admin.cookie, "POST", "/api/admin/invites", { email: "early.bird@example.com", role: "editor" });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/takes that account over/);
    const token = await linkFor("early.bird@example.com");
    expect((await accept({ token, username: "Early Editor", password: "Editor-Passw0rd1" })).status).toBe(201);
    expect(await userByEmail("early.bird@example.com")).toMatchObject({ username: "Early Editor", role: "editor" });
  });

  it("an account with a proven e-mail is promoted on its page, and is not taken over by a link", async () => {
    const parent = await server.signIn("user");
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", parent.user.id).execute();
    const invite = await as(admin.cookie, "POST", "/api/admin/invites", { email: parent.user.email });
    expect(invite.status).toBe(409);
    expect(invite.body.message).toMatch(/proven/);
    const promote = await as(admin.cookie, "PATCH", `/api/admin/users/${parent.user.id}`, { role: "editor" });
    expect(promote.status).toBe(200);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: parent.cookie } })).status).toBe(401);
    const page = await as(admin.cookie, "GET", `/api/admin/users/${parent.user.id}`);
    expect(page.body.user.email_verified_at).toBeTruthy();
  });

  it("invites an editor when asked, lists pending invitations without tokens, and revokes one", async () => {
    const sent = await as(admin.cookie, "POST", "/api/admin/invites", { email: "editor.one@example.com", role: "editor" });
    expect(sent.status).toBe(201);
    const token = await linkFor("editor.one@example.com");
    expect((await as(admin.cookie, "POST", "/api/admin/invites", { email: "x@example.com", role: "owner" })).status).toBe(400);
    const listed = await as(admin.cookie, "GET", "/api/admin/invites");
    expect(listed.status).toBe(200);
    const entry = listed.body.invites.find((i: { email: string }) => i.email === "editor.one@example.com");
    expect(entry).toMatchObject({ role: "editor", invitedBy: "Test Staff" });
    expect(JSON.stringify(listed.body)).not.toContain(token);
    const stored = await server.db.selectFrom("staff_invites").select("id").where("email", "=", "editor.one@example.com").executeTakeFirstOrThrow();
    expect(JSON.stringify(listed.body)).not.toContain(stored.id);

    const editor = await server.signIn("editor");
    expect((await as(editor.cookie, "GET", "/api/admin/invites")).status).toBe(403);
    expect((await as(editor.cookie, "DELETE", `/api/admin/invites/${entry.id}`)).status).toBe(403);
    expect((await as(admin.cookie, "DELETE", "/api/admin/invites/not-a-real-ref-at-all")).status).toBe(404);
    const revoked = await as(admin.cookie, "DELETE", `/api/admin/invites/${entry.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe("Invitation revoked.");
    expect((await as(admin.cookie, "DELETE", `/api/admin/invites/${entry.id}`)).status).toBe(404);
    expect((await accept({ token, username: "Too Late", password: "Too-Late-Passw0rd1" })).status).toBe(410);
    const log = await server.db.selectFrom("audit_log").select("user_id").where("action", "=", "revoke_invite").execute();
    expect(log.map((row) => row.user_id)).toContain(admin.user.id);
  });

  it("a demoted or disabled admin's pending invitations end, and acceptance checks the inviter again", async () => {
    const sender = await server.signIn("admin");
    for (const email of ["one.of.many@example.com", "second.of.many@example.com"]) {
      expect((await as(sender.cookie, "POST", "/api/admin/invites", { email })).status).toBe(201);
    }
    const token = await linkFor("one.of.many@example.com");
    // Demotion by another admin ends both invitations in the same change.
    expect((await as(admin.cookie, "PATCH", `/api/admin/users/${sender.user.id}`, { role: "editor" })).status).toBe(200);
    expect(await server.db.selectFrom("staff_invites").select("email").where("invited_by", "=", sender.user.id).execute()).toEqual([]);
    const refused = await accept({ token, username: "Would Be Admin", password: "Would-Be-Passw0rd1" });
    expect(refused.status).toBe(410);
    expect(await server.db.selectFrom("users").select("id").where("email", "=", "one.of.many@example.com").execute()).toEqual([]);

    // A disabled sender, and one whose invitation somehow survived (an older row): refused on acceptance.
    const other = await server.signIn("admin");
    expect((await as(other.cookie, "POST", "/api/admin/invites", { email: "third.of.many@example.com" })).status).toBe(201);
    const third = await linkFor("third.of.many@example.com");
    expect((await as(admin.cookie, "PATCH", `/api/admin/users/${other.user.id}`, { disabled: true })).status).toBe(200);
    expect(await server.countRows("staff_invites")).toBe(0);
    expect((await as(other.cookie, "GET", "/api/getUser")).status).toBe(401);
    expect((await accept({ token: third, username: "Nope", password: "Nope-Passw0rd1" })).status).toBe(410);

    const fourth = await server.signIn("admin");
    expect((await as(fourth.cookie, "POST", "/api/admin/invites", { email: "fourth.of.many@example.com" })).status).toBe(201);
    const fourthToken = await linkFor("fourth.of.many@example.com");
    await server.db.updateTable("users").set({ disabled: 1 }).where("id", "=", fourth.user.id).execute();
    const gone = await accept({ token: fourthToken, username: "Nope", password: "Nope-Passw0rd1" });
    expect(gone.status).toBe(410);
    expect(gone.body.message).toMatch(/no longer invite/);
  });
});
