import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountPageAction,
  adminLoginAction,
  adminSetupAction,
  forgotPasswordAction,
  loginAction,
  logoutAction,
  resetPasswordAction,
  signupAction,
} from "~/features/accounts/account-actions.server";
import { createUser } from "~/features/accounts/accounts.server";
import { adminSetupLink } from "~/features/accounts/admin-setup.server";
import { actionOnlyBuild } from "~server/test/action-only-build";
import { startTestServer, type TestServer } from "~server/test/harness";

/**
 * The account pages' form posts (issue 14), through the real Express app and page handler: the
 * build holds only those routes, with their real actions, and renders the action's answer as the
 * document (status and FormState), so every check in front of and behind the action is the real one.
 * /account (issue 17) is in the build too: three forms on one page; signed-out posts go to sign-in.
 */
const pages = {
  login: loginAction,
  "admin/login": adminLoginAction,
  signup: signupAction,
  "forgot-password": forgotPasswordAction,
  "reset-password": resetPasswordAction,
  "admin/setup": adminSetupAction,
  logout: logoutAction,
};

let server: TestServer;
const password = "Sunflower9";
let email: string;

beforeAll(async () => {
  server = await startTestServer({}, { pages: { build: actionOnlyBuild({ ...pages, account: accountPageAction }) } });
  email = `page-post-${randomBytes(4).toString("hex")}@example.com`;
  await createUser(server.db, { username: "Page Poster", email, password, contactNumber: "9876543210" });
});
afterAll(() => server?.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  server.request("POST", path, { body, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });

describe("account pages' form posts", () => {
  it("sign in without JavaScript: 303 to / with the notice and a session cookie; a refusal renders back without the password", async () => {
    const ok = await post("/login", form({ email, password }), { origin: server.url, "sec-fetch-site": "same-origin" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/?notice=login-ok#form-notice");
    expect(ok.headers.get("set-cookie")).toMatch(/sid=/);

    const refused = await post("/ar/login", form({ email, password: "Wrong-passw0rd" }));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ form: "login-form", values: { email }, errors: {}, message: "البريد الإلكتروني أو كلمة المرور غير صحيحة." });
    expect(JSON.stringify(refused.body)).not.toContain("Wrong-passw0rd");
  });

  it("the first staff account without JavaScript: a refusal keeps the name and e-mail (never the password or the link's token), then 303 to /admin", async () => {
    const link = new URL((await adminSetupLink(server.db, server.config))!);
    const token = link.searchParams.get("token")!;
    const staff = { token, username: "First Staff", email: `staff-${randomBytes(4).toString("hex")}@example.com` };
    const refused = await post(`/ar/admin/setup${link.search}`, form({ ...staff, password: "weak" }));
    expect(refused.status).toBe(400);
    expect(refused.body.values).toEqual({ username: staff.username, email: staff.email });
    expect(Object.keys(refused.body.errors)).toEqual(["password"]);
    const created = await post(`/admin/setup${link.search}`, form({ ...staff, password: "Staff-Passw0rd" }));
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/admin?notice=staff-created#form-notice");
    expect(created.headers.get("set-cookie")).toMatch(/sid=/);
    expect((await post(`/admin/setup${link.search}`, form({ ...staff, password: "Staff-Passw0rd" }))).status).toBe(410);
  });

  it("follows only a safe local next, checked after normalisation", async () => {
    const go = async (next: string) => (await post("/login", form({ email, password, next }))).headers.get("location");
    expect(await go("/courses?x=1")).toBe("/courses?x=1&notice=login-ok#form-notice");
    for (const next of ["//evil.example", "/.//evil.example", "/%2e//evil.example", "https://evil.example/", "/\\evil.example"]) {
      expect(await go(next), next).toBe("/?notice=login-ok#form-notice");
    }
    const admin = await post("/admin/login", form({ email, password, next: "/admin/..//evil.example" }));
    expect(admin.status).toBe(403); // a parent: refused before any redirect
  });

  it("a cross-site form post cannot sign anyone in, with or without a cookie", async () => {
    const crossSite: Record<string, string>[] = [
      { origin: "http://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "http://evil.example", cookie: "sid=x" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { origin: "null" },
    ];
    for (const headers of crossSite) {
      const response = await post("/login", form({ email, password }), headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(await server.countRows("sessions")).toBeGreaterThan(0);
    const before = await server.countRows("users");
    expect(
      (
        await post("/signup", form({ username: "Evil Site", email: "evil@example.com", password, contactNumber: "9876543210" }), {
          origin: "http://evil.example",
        })
      ).status,
    ).toBe(403);
    expect(await server.countRows("users")).toBe(before);
  });

  it("answers bad posts to every account page with 4xx, never 500", async () => {
    const paths = Object.keys(pages).flatMap((path) => [`/${path}`, `/ar/${path}`]);
    // Seven fields of 12,000 characters stay under the 100 kB a page takes (413 is tested apart).
    const hostile = ["\u0000", "x".repeat(12_000), "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd"];
    for (const path of paths) {
      const logout = path.endsWith("logout");
      // Other bodies to /logout are the API's (bodyless, documented: 200); the page takes forms only.
      const notForm = path === "/logout" ? [200] : [415];
      const attempts: [string, Promise<{ status: number }>, number[]][] = [
        ["malformed", post(path, "%%%&=&&email=%ZZ"), logout ? [303] : [400, 401]],
        ["missing fields", post(path, ""), logout ? [303] : [400, 401]],
        ["oversized", post(path, form({ email: "x".repeat(101 * 1024) })), [413]],
        ["text/plain", post(path, "email=a", { "content-type": "text/plain" }), notForm],
        ["multipart", post(path, "--b\r\n\r\n--b--", { "content-type": "multipart/form-data; boundary=b" }), notForm],
        ["cross-site", post(path, form({ email }), { origin: "http://evil.example" }), [403]],
        ["__proto__ fields", post(path, "__proto__=x&constructor=y&email=a%40b.c"), logout ? [303] : [400, 401]],
      ];
      for (const value of hostile) {
        const fields = { email: value, password: value, username: value, contactNumber: value, token: value, website: "", next: value };
        attempts.push([`fields = ${JSON.stringify(value.slice(0, 12))}`, post(path, form(fields)), logout ? [303] : [400, 401]]);
      }
      for (const [label, attempt, statuses] of attempts) {
        const { status } = await attempt;
        expect(statuses, `${path} ${label}: ${status}`).toContain(status);
      }
    }
  });

  it("a JSON post to /login and /logout is still the API's (the documented answers)", async () => {
    const login = await server.request("POST", "/login", { json: { email, password } });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual({ username: "Page Poster", email, role: "user" });
    expect((await server.request("POST", "/logout", { json: {} })).body).toEqual({ message: "You have been logged out." });
  });

  it("counts no-JavaScript posts and API calls in one sign-in limit", async () => {
    const client = { "x-forwarded-for": "10.77.77.77" };
    const wrong = (i: number) => ({ email: `nobody-${i}@example.com`, password: "Wrong-passw0rd" });
    for (let i = 0; i < 5; i++) expect((await post("/login", form(wrong(i)), client)).status).toBe(401);
    for (let i = 5; i < 10; i++) expect((await server.request("POST", "/login", { json: wrong(i), headers: client })).status).toBe(401);
    expect((await post("/login", form(wrong(10)), client)).status).toBe(429);
    expect((await server.request("POST", "/login", { json: wrong(11), headers: client })).status).toBe(429);
  });
});

describe("my account's form posts without JavaScript", () => {
  const same = () => ({ origin: server.url, "sec-fetch-site": "same-origin" });
  async function parent() {
    const mail = `account-page-${randomBytes(4).toString("hex")}@example.com`;
    const id = (await createUser(server.db, { username: "Account Page", email: mail, password, contactNumber: "9876543210" }))!;
    const login = await server.request("POST", "/login", { json: { email: mail, password } });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    return { id, mail, headers: { ...same(), cookie } };
  }

  it("sends a signed-out post to the sign-in page, with the way back", async () => {
    const response = await post("/ar/account", form({ form: "account-profile-form", username: "Nobody", contactNumber: "9876543210" }), same());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/ar/login?next=%2Far%2Faccount");
  });

  it("saves the profile (303 back with the notice), renders a refusal back, and refuses an unknown form", async () => {
    const me = await parent();
    const saved = await post(
      "/account",
      form({ form: "account-profile-form", username: "Renamed Parent", contactNumber: "+971 50 123 4567", role: "admin" }),
      me.headers,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/account?notice=profile-saved#form-notice");
    const row = await server.db.selectFrom("users").select(["username", "contact_number", "role"]).where("id", "=", me.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ username: "Renamed Parent", contact_number: "+971501234567", role: "user" });

    const refused = await post("/ar/account", form({ form: "account-profile-form", username: "R", contactNumber: "+971 50 123 4567" }), me.headers);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ form: "account-profile-form", values: { username: "R" } });
    expect(Object.keys(refused.body.errors)).toEqual(["username"]);

    const wrong = await post("/account", form({ form: "account-password-form", currentPassword: "Not-it-1A", password: "Another-Passw0rd" }), me.headers);
    expect(wrong.status).toBe(400);
    expect(wrong.body.values).toEqual({ form: "account-password-form" });
    expect((await post("/account", form({ form: "nonsense" }), me.headers)).status).toBe(400);
    expect((await post("/account", "", me.headers)).status).toBe(400);
  });

  it("changes the password (a fresh session cookie) and deletes the account (cookie cleared, 303 home)", async () => {
    const me = await parent();
    const changed = await post("/account", form({ form: "account-password-form", currentPassword: password, password: "Changed-Passw0rd1" }), me.headers);
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe("/account?notice=password-updated#form-notice");
    const fresh = (changed.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(fresh).toMatch(/^sid=./);
    const deleted = await post("/ar/account", form({ form: "account-delete-form", email: me.mail }), { ...same(), cookie: fresh });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/ar?notice=account-deleted#form-notice");
    expect(deleted.headers.get("set-cookie")).toMatch(/^sid=;/);
    expect(await server.db.selectFrom("users").select("id").where("id", "=", me.id).executeTakeFirst()).toBeUndefined();
  });

  it("adds, renames and removes a saved child (decision 033); a refusal returns to that child's form; ids are only digits", async () => {
    const me = await parent();
    const other = await parent();
    const children = (who: { id: number }) =>
      server.db.selectFrom("account_children").select(["id", "name", "age"]).where("user_id", "=", who.id).orderBy("id").execute();

    const refused = await post("/ar/account", form({ form: "account-child-add-form", name: "Omar", age: "30" }), me.headers);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ form: "account-child-add-form", values: { name: "Omar", age: "30" } });
    expect(refused.body.errors).toEqual({ age: "يرجى إدخال عمر من 4 إلى 18 سنة." });
    const added = await post("/account", form({ form: "account-child-add-form", name: "Omar", age: "9", user_id: String(other.id) }), me.headers);
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/account?notice=child-added#form-notice");
    const [omar] = await children(me);
    expect(omar).toMatchObject({ name: "Omar", age: 9 });
    expect(await children(other)).toEqual([]);

    const badName = await post("/account", form({ form: "account-child-form", childId: String(omar!.id), name: "", age: "9" }), me.headers);
    expect(badName.status).toBe(400);
    expect(badName.body.form).toBe(`account-child-form-${omar!.id}`);
    const renamed = await post("/ar/account", form({ form: "account-child-form", childId: String(omar!.id), name: "Omar Ali", age: "10" }), me.headers);
    expect(renamed.headers.get("location")).toBe("/ar/account?notice=child-saved#form-notice");
    // Another account's post for this child, and ids that are not digits, change nothing.
    for (const childId of [String(omar!.id), "../1", "1/../../profile", "1 OR 1=1", ""]) {
      const response = await post("/account", form({ form: "account-child-remove-form", childId }), other.headers);
      expect(response.status, childId).toBe(404);
    }
    expect(await children(me)).toEqual([{ id: omar!.id, name: "Omar Ali", age: 10 }]);
    const removed = await post("/account", form({ form: "account-child-remove-form", childId: String(omar!.id) }), me.headers);
    expect(removed.headers.get("location")).toBe("/account?notice=child-removed#form-notice");
    expect(await children(me)).toEqual([]);
  });

  it("asks for a set-a-password link (303 back with the notice); an account with a password is refused on the page", async () => {
    const me = await parent();
    const refused = await post("/account", form({ form: "account-password-link-form" }), me.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ form: "account-password-link-form", message: "This account already has a password. Change it with the form above." });
    await server.db.updateTable("users").set({ password_hash: null }).where("id", "=", me.id).execute();
    const sent = await post("/ar/account", form({ form: "account-password-link-form" }), me.headers);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/ar/account?notice=password-link-sent#form-notice");
    expect(await server.db.selectFrom("password_resets").select("id").where("user_id", "=", me.id).execute()).toHaveLength(1);
  });
});
