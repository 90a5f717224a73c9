import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { createUser } from "./accounts.server";

/** Issue 17, decision 033: saved children and the set-a-password link, on a real server and database. */
describe("my account: saved children and a first password for Google-only accounts", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const signIn = async (email: string, password: string) => {
    const response = await server.request("POST", "/login", { json: { email, password } });
    expect(response.status).toBe(200);
    return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  };
  async function parent(options: { googleOnly?: boolean } = {}) {
    const email = `parent-${randomBytes(5).toString("hex")}@example.com`;
    const password = "Parent-Passw0rd";
    const id = (await createUser(server.db, { username: "Sara Ali", email, password, contactNumber: "+919876543210" }))!;
    const cookie = await signIn(email, password);
    // A Google-only account: signed in (its session), no password, a Google subject, a proven e-mail.
    if (options.googleOnly) {
      await server.db
        .updateTable("users")
        .set({ password_hash: null, google_sub: `g-${id}`, email_verified_at: nowIso() })
        .where("id", "=", id)
        .execute();
    }
    return { id, email, cookie, headers: { cookie, origin: server.url } };
  }
  const call = (who: { headers: Record<string, string> }, method: string, path: string, json?: unknown) =>
    server.request(method, path, { json, headers: who.headers });

  const settle = () => waitForJobs(server.db);
  const mailsTo = async (address: string) => {
    await settle();
    return outboxMails(server.config.dataDir).filter((mail) => mail.to === address);
  };

  it("adds, lists, changes and removes saved children; another account's child is not found", async () => {
    const sara = await parent();
    const other = await parent();
    const added = await call(sara, "POST", "/api/account/children", { name: "  Omar  ", age: 9 });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ message: "Child saved.", child: { id: expect.any(Number), name: "Omar", age: 9 } });
    const second = await call(sara, "POST", "/api/account/children?lang=ar", { name: "ليلى", age: 4 });
    expect(second.body.message).toBe("تمت إضافة بيانات الطفل.");
    const id = added.body.child.id as number;

    expect((await call(sara, "GET", "/api/account/children")).body.children).toEqual([
      { id, name: "Omar", age: 9 },
      { id: second.body.child.id, name: "ليلى", age: 4 },
    ]);
    expect((await call(sara, "GET", "/api/account")).body.children).toHaveLength(2);
    expect((await call(other, "GET", "/api/account/children")).body.children).toEqual([]);

    // Another parent can neither change nor remove it, and learns nothing (404 as for a missing id).
    expect((await call(other, "PUT", `/api/account/children/${id}`, { name: "Hacked", age: 10 })).status).toBe(404);
    expect((await call(other, "DELETE", `/api/account/children/${id}`)).status).toBe(404);

    const changed = await call(sara, "PUT", `/api/account/children/${id}`, { name: "Omar Ali", age: 10 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: "Changes saved.", child: { id, name: "Omar Ali", age: 10 } });
    expect((await call(sara, "DELETE", `/api/account/children/${id}`)).body.message).toBe("Child removed.");
    expect((await call(sara, "DELETE", `/api/account/children/${id}`)).status).toBe(404);
    expect((await call(sara, "GET", "/api/account/children")).body.children.map((c: { name: string }) => c.name)).toEqual(["ليلى"]);

    for (const path of ["/api/account/children/abc", "/api/account/children/0", "/api/account/children/99999999999", "/api/account/children/1.5"]) {
      const response = await call(sara, "PUT", path, { name: "X", age: 9 });
      expect(response.status, path).toBe(404);
      expect(response.body.message).toBe("There is no such child in your account.");
    }
  });

  it("refuses ages outside the booking form's range and bad names, field by field, in the request's language", async () => {
    const sara = await parent();
    const cases: [unknown, string[]][] = [
      [{ name: "Omar", age: 3 }, ["age"]],
      [{ name: "Omar", age: 19 }, ["age"]],
      [{ name: "Omar", age: 9.5 }, ["age"]],
      [{ name: "Omar", age: "9" }, ["age"]],
      [{ name: "   ", age: 9 }, ["name"]],
      [{ name: "x".repeat(101), age: 9 }, ["name"]],
      [{ name: ["Omar"] }, ["age", "name"]],
      [{}, ["age", "name"]],
    ];
    for (const [body, fields] of cases) {
      const response = await call(sara, "POST", "/api/account/children", body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(Object.keys(response.body.errors).sort()).toEqual(fields);
    }
    const arabic = await call(sara, "POST", "/api/account/children?lang=ar", { name: "Omar", age: 30 });
    expect(arabic.body.errors.age).toBe("يرجى إدخال عمر من 4 إلى 18 سنة.");
    expect((await call(sara, "GET", "/api/account/children")).body.children).toEqual([]);
  });

  it("holds at most ten children per account, and they are in 'download my data'", async () => {
    const sara = await parent();
    for (let n = 1; n <= 10; n++) expect((await call(sara, "POST", "/api/account/children", { name: `Child ${n}`, age: 4 + n })).status).toBe(201);
    const full = await call(sara, "POST", "/api/account/children", { name: "Eleven", age: 9 });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe("An account can save up to 10 children.");
    const exported = await server.request("GET", "/api/account/export", { headers: sara.headers });
    const data = exported.body as { savedChildren: { name: string; age: number; createdAt: string }[] };
    expect(data.savedChildren).toHaveLength(10);
    expect(data.savedChildren[0]).toMatchObject({ name: "Child 1", age: 5, createdAt: expect.any(String) });
  });

  it("e-mails a Google-only account a one-time link that sets its password and ends every session", async () => {
    const withPassword = await parent();
    const refused = await call(withPassword, "POST", "/api/account/password/link");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This account already has a password. Change it with the form above.");
    expect(await mailsTo(withPassword.email)).toEqual([]);

    const google = await parent({ googleOnly: true });
    expect((await call(google, "GET", "/api/account")).body.profile).toMatchObject({ hasPassword: false, googleLinked: true });
    const sent = await call(google, "POST", "/api/account/password/link?lang=ar");
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe("أرسلنا إليك رابطًا لتعيين كلمة مرور. يعمل مرة واحدة خلال ساعة.");
    const [mail] = await mailsTo(google.email);
    expect(mail!.subject).toBe("عيّن كلمة مرور لحسابك في أكاديمية STEM");
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(link.pathname).toBe("/ar/reset-password");
    expect(link.searchParams.get("purpose")).toBe("set");
    const token = link.searchParams.get("token")!;

    const weak = await server.request("POST", "/api/password/reset", { json: { token, password: "short" } });
    expect(Object.keys(weak.body.errors)).toEqual(["password"]);
    const set = await server.request("POST", "/api/password/reset", { json: { token, password: "Chosen-Passw0rd" } });
    expect(set.status).toBe(200);
    // Every session of the account ended (as a password change does); the new password opens it.
    expect((await call(google, "GET", "/api/account")).status).toBe(401);
    const cookie = await signIn(google.email, "Chosen-Passw0rd");
    const profile = (await server.request("GET", "/api/account", { headers: { cookie } })).body.profile;
    expect(profile).toMatchObject({ hasPassword: true, googleLinked: true });
    // Once only.
    expect((await server.request("POST", "/api/password/reset", { json: { token, password: "Another-Passw0rd" } })).status).toBe(400);
    // And now the account has a password, so no more links.
    expect((await server.request("POST", "/api/account/password/link", { headers: { cookie, origin: server.url }, json: {} })).status).toBe(409);
  });

  it("a set-password link expires after an hour, only the newest works, and the requests are limited", async () => {
    const google = await parent({ googleOnly: true });
    expect((await call(google, "POST", "/api/account/password/link")).status).toBe(200);
    expect((await call(google, "POST", "/api/account/password/link")).status).toBe(200);
    const mails = await mailsTo(google.email);
    expect(mails.map((mail) => mail.subject)).toEqual(Array(2).fill("Set a password for your STEM Academy account"));
    const tokens = mails.map((mail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!);
    // The first link was replaced by the second (the reset machinery keeps one live link per account).
    const olderFirst = (await server.db.selectFrom("password_resets").select("expires_at").where("user_id", "=", google.id).execute()).length;
    expect(olderFirst).toBe(1);
    await server.db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", google.id)
      .execute();
    for (const token of tokens)
      expect((await server.request("POST", "/api/password/reset", { json: { token, password: "Chosen-Passw0rd" } })).status).toBe(400);

    for (let n = 3; n <= 5; n++) expect((await call(google, "POST", "/api/account/password/link")).status).toBe(200);
    const limited = await call(google, "POST", "/api/account/password/link");
    expect(limited.status).toBe(429);
    expect(typeof limited.body.message).toBe("string");
  });
});
