import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { decodeMail } from "~server/test/smtp-catcher";

/** Issue 16: staff invite people by e-mail; the one-time link creates their staff account. */
describe("staff invitations", () => {
  let server: TestServer;
  let staff: Awaited<ReturnType<TestServer["signIn"]>>;
  let parent: Awaited<ReturnType<TestServer["signIn"]>>;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: "https://stem.example" });
    staff = await server.signIn("admin");
    parent = await server.signIn("user");
  });
  afterAll(() => server?.close());

  const invite = (email: unknown, cookie = staff.cookie, lang = "en", extra: Record<string, unknown> = {}) =>
    server.request("POST", `/api/admin/invites?lang=${lang}`, { json: { email, ...extra }, headers: { cookie } });
  const accept = (body: Record<string, unknown>) => server.request("POST", "/api/staff-invites/accept", { json: body });
  const linkFor = async (email: string) => {
    const outbox = path.join(server.config.dataDir, "outbox");
    const find = () =>
      (existsSync(outbox) ? readdirSync(outbox) : [])
        .map((file) => readFileSync(path.join(outbox, file), "utf8"))
        .filter((raw) => raw.includes(`To: ${email}`))
        .map(decodeMail)
        .at(-1);
    await vi.waitFor(() => expect(find()).toBeTruthy(), { timeout: 5000 });
    const mail = find()!;
    return { mail, token: /token=([\w-]+)/.exec(mail.text)![1]! };
  };

  it("is for staff only, and refuses a bad or taken address", async () => {
    expect((await server.request("POST", "/api/admin/invites", { json: { email: "x@example.com" } })).status).toBe(401);
    expect((await invite("x@example.com", parent.cookie)).status).toBe(403);
    const bad = await invite("not-an-email");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["email"]);
    // A proven account is made staff on its own page (an unproven one: staff-grants.api.test.ts).
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", parent.user.id).execute();
    const taken = await invite(parent.user.email.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/already has an account/);
    expect(await server.db.selectFrom("staff_invites").selectAll().execute()).toHaveLength(0);
  });

  it("e-mails a one-time link in the invitee's language that creates a signed-in staff account", async () => {
    const res = await invite("New.Teacher@Example.com", staff.cookie, "ar", { language: "ar" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("أُرسلت الدعوة.");
    const { mail, token } = await linkFor("new.teacher@example.com");
    expect(mail.subject).toBe("دعوة للانضمام إلى أكاديمية STEM");
    expect(mail.text).toContain(`https://stem.example/ar/admin/invite?token=${token}`);
    // Who invited them, as what; Arabic only (the invitee's language was known).
    expect(mail.text).toContain(`دعاكم ${staff.user.username} للانضمام إلى فريق أكاديمية STEM بدور مسؤول.`);
    expect(mail.text).not.toMatch(/invited you/);
    // Only the hash is stored.
    expect((await server.db.selectFrom("staff_invites").select("id").execute()).map((r) => r.id)).not.toContain(token);

    const weak = await accept({ token, username: "New Teacher", password: "short" });
    expect(weak.status).toBe(400);
    const joined = await accept({ token, username: "New Teacher", password: "Teacher-Passw0rd" });
    expect(joined.status).toBe(201);
    const cookie = (joined.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect((await server.request("GET", "/api/getUser", { headers: { cookie } })).body.user).toEqual({
      username: "New Teacher",
      email: "new.teacher@example.com",
      role: "admin",
    });
    expect((await server.request("GET", "/api/admin/users", { headers: { cookie } })).status).toBe(200);
    // The link works once.
    const again = await accept({ token, username: "Someone Else", password: "Other-Passw0rd1" });
    expect(again.status).toBe(410);
    expect(again.body.message).toBeTruthy();
    const log = await server.db
      .selectFrom("audit_log")
      .select(["action", "user_id"])
      .where("action", "in", ["invite", "join"])
      .where("summary", "like", "%new.teacher%")
      .orderBy("id")
      .execute();
    expect(log.map((row) => row.action)).toEqual(["invite", "join"]);
    expect(log[0]!.user_id).toBe(staff.user.id);
  });

  it("a newer invitation replaces the older one, and an expired or forged link creates nothing", async () => {
    expect((await invite("twice@example.com")).status).toBe(201);
    const first = (await linkFor("twice@example.com")).token;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await invite("twice@example.com")).status).toBe(201);
    await vi.waitFor(async () => expect((await linkFor("twice@example.com")).token).not.toBe(first));
    expect((await accept({ token: first, username: "Old Link", password: "Old-Link-Passw0rd1" })).status).toBe(410);
    expect((await accept({ token: "y".repeat(43), username: "Forger", password: "Forger-Passw0rd1" })).status).toBe(410);
    expect((await accept({ token: "<script>", username: "Forger", password: "Forger-Passw0rd1" })).status).toBe(400);
    await server.db.updateTable("staff_invites").set({ expires_at: "2000-01-01T00:00:00.000Z" }).execute();
    const second = (await linkFor("twice@example.com")).token;
    expect((await accept({ token: second, username: "Late", password: "Late-Passw0rd1" })).status).toBe(410);
    expect(await server.db.selectFrom("users").select("id").where("email", "=", "twice@example.com").execute()).toHaveLength(0);
  });

  it("takes over an account registered with the invited address since (never proven), but not a proven one", async () => {
    // The link proves the mailbox; a password sign-up proves nothing (decisions 013 and 042).
    expect((await invite("later@example.com")).status).toBe(201);
    const { token } = await linkFor("later@example.com");
    expect(
      (
        await server.request("POST", "/register", {
          json: { username: "Later Squatter", email: "later@example.com", password: "Later-Passw0rd1", contactNumber: "9876543210" },
        })
      ).status,
    ).toBe(201);
    expect((await accept({ token, username: "Invited Owner", password: "Owner-Passw0rd1" })).status).toBe(201);
    expect(await server.db.selectFrom("users").select(["username", "role"]).where("email", "=", "later@example.com").executeTakeFirstOrThrow()).toEqual({
      username: "Invited Owner",
      role: "admin",
    });

    expect((await invite("proven.later@example.com")).status).toBe(201);
    const proven = await linkFor("proven.later@example.com");
    expect(
      (
        await server.request("POST", "/register", {
          json: { username: "Proven Parent", email: "proven.later@example.com", password: "Proven-Passw0rd1", contactNumber: "9876543210" },
        })
      ).status,
    ).toBe(201);
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("email", "=", "proven.later@example.com").execute();
    const res = await accept({ token: proven.token, username: "Intruder", password: "Intruder-Passw0rd1" });
    expect(res.status).toBe(409);
    const user = await server.db.selectFrom("users").select(["username", "role"]).where("email", "=", "proven.later@example.com").executeTakeFirstOrThrow();
    expect(user).toEqual({ username: "Proven Parent", role: "user" });
  });

  it("invites an instructor to teach their classes, naming the inviter, in both languages when the invitee's is not known (issue 42)", async () => {
    // A teacher profile with a group of its own: the invitation names that group's course.
    const teacher = await server.db.selectFrom("teachers").select(["id", "name_en"]).orderBy("id").executeTakeFirstOrThrow();
    const course = await server.db.selectFrom("courses").select(["id", "name_en", "name_ar"]).where("slug", "=", "advance-python").executeTakeFirstOrThrow();
    const first = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const group = await server.request("POST", "/api/admin/sections", {
      json: { courseId: course.id, weekdays: [2], startTime: "16:00", durationMinutes: 60, firstDate: first, meetings: 4, capacity: 8, teacherId: teacher.id },
      headers: { cookie: staff.cookie, origin: server.url },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const res = await invite("tutor.both@example.com", staff.cookie, "en", { role: "instructor", teacherId: teacher.id });
    expect(res.status).toBe(201);
    const { mail, token } = await linkFor("tutor.both@example.com");
    expect(mail.subject).toBe("You are invited to STEM Academy · دعوة للانضمام إلى أكاديمية STEM");
    // Both parts: each names the inviter and the classes in its language, with its own link.
    expect(mail.text).toContain(`${staff.user.username} (STEM Academy) invited you to teach`);
    expect(mail.text).toContain(course.name_en);
    expect(mail.text).toContain(`دعاكم ${staff.user.username} (أكاديمية STEM) لتدريس`);
    expect(mail.text).toContain(course.name_ar);
    expect(mail.text).toContain("Set your password and see your classes:");
    expect(mail.text).toContain(`https://stem.example/admin/invite?token=${token}`);
    expect(mail.text).toContain(`https://stem.example/ar/admin/invite?token=${token}`);
    expect(mail.text).not.toMatch(/help run the/);

    // The invitee's language known: that one only.
    expect((await invite("tutor.en@example.com", staff.cookie, "ar", { role: "instructor", teacherId: teacher.id, language: "en" })).status).toBe(201);
    const english = (await linkFor("tutor.en@example.com")).mail;
    expect(english.subject).toBe("You are invited to STEM Academy");
    expect(english.text).toContain(course.name_en);
    expect(english.text).not.toMatch(/[\u0600-\u06FF]/);
    expect((await invite("tutor.bad@example.com", staff.cookie, "en", { language: "fr" })).status).toBe(400);
  });
});
