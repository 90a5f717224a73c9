import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGoogleStandIn, type GoogleStandIn } from "~server/test/google-stand-in";
import { startTestServer, type TestServer } from "~server/test/harness";
import { createUser } from "./accounts.server";

describe("Google sign-in against a local OpenID provider", () => {
  let google: GoogleStandIn;
  let server: TestServer;
  beforeAll(async () => {
    google = await startGoogleStandIn();
    server = await startTestServer({ GOOGLE_CLIENT_ID: "test-client", GOOGLE_CLIENT_SECRET: "test-secret", GOOGLE_ISSUER: google.issuer });
  });
  afterAll(async () => {
    await server?.close();
    await google?.stop();
  });

  /** Walks the redirects a browser would follow; returns the callback's answer. */
  async function signInWithGoogle(options: { next?: string; cookie?: string | null; changeCallback?: (url: URL) => void } = {}) {
    const start = await server.request("GET", `/auth/google${options.next ? `?next=${encodeURIComponent(options.next)}` : ""}`);
    expect(start.status).toBe(302);
    const authorizeUrl = new URL(start.headers.get("location")!);
    expect(authorizeUrl.origin).toBe(google.issuer);
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizeUrl.searchParams.get("state")).toBeTruthy();
    expect(authorizeUrl.searchParams.get("nonce")).toBeTruthy();
    const flowCookie = (start.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(start.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    const authorized = await fetch(authorizeUrl, { redirect: "manual" });
    const back = new URL(authorized.headers.get("location")!);
    options.changeCallback?.(back);
    const cookie = options.cookie === undefined ? flowCookie : options.cookie;
    return server.request("GET", back.pathname + back.search, cookie ? { headers: { cookie } } : {});
  }

  const sessionCookie = (headers: Headers) =>
    headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))
      ?.split(";")[0];
  const userCount = async () =>
    (
      await server.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

  it("creates an account for a new verified Google identity and starts a Google session", async () => {
    google.signInAs({ sub: "g-100", email: "New.Parent@Example.com", email_verified: true, name: "Noor Al Amin" });
    const done = await signInWithGoogle();
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/");
    const cookie = sessionCookie(done.headers);
    expect(cookie).toBeTruthy();
    const me = await server.request("GET", "/api/getUser", { headers: { cookie: cookie! } });
    expect(me.body.user).toEqual({ username: "Noor Al Amin", email: "new.parent@example.com", role: "user" });
    const row = await server.db.selectFrom("users").selectAll().where("email", "=", "new.parent@example.com").executeTakeFirstOrThrow();
    expect(row.google_sub).toBe("g-100");
    expect(row.password_hash).toBeNull();
    const session = await server.db.selectFrom("sessions").select("kind").where("user_id", "=", row.id).executeTakeFirstOrThrow();
    expect(session.kind).toBe("google");
    const out = await server.request("POST", "/api/logout-user", { headers: { cookie: cookie!, origin: server.url } });
    expect(out.status).toBe(200);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: cookie! } })).status).toBe(401);
  });

  it("recognises a returning Google account without creating another", async () => {
    google.signInAs({ sub: "g-100", email: "new.parent@example.com", email_verified: true, name: "Noor Al Amin" });
    const before = await userCount();
    const done = await signInWithGoogle({ next: "/ar/courses" });
    expect(done.headers.get("location")).toBe("/ar/courses");
    expect(sessionCookie(done.headers)).toBeTruthy();
    expect(await userCount()).toBe(before);
  });

  it("sends staff with a second factor to the code step instead of starting a session (decision 046)", async () => {
    const id = (await createUser(server.db, {
      username: "Staff Two",
      email: "staff.two@example.com",
      password: "Sunflower9",
      role: "admin",
      emailVerified: true,
    }))!;
    await server.db
      .insertInto("passkeys")
      .values({
        user_id: id,
        credential_id: "google-staff-key",
        public_key: "AA",
        counter: 0,
        transports: "[]",
        name: "Key",
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .execute();
    google.signInAs({ sub: "g-300", email: "staff.two@example.com", email_verified: true, name: "Staff Two" });
    const done = await signInWithGoogle({ next: "/ar/admin" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/ar/admin/login/second-factor?next=${encodeURIComponent("/ar/admin")}`);
    expect(sessionCookie(done.headers)).toBeUndefined();
    expect(done.headers.getSetCookie().some((line) => line.startsWith("sf_step="))).toBe(true);
  });

  const passwordLogin = (email: string, password: string) => server.request("POST", "/login", { json: { email, password }, headers: { origin: server.url } });

  it("takes over a password account whose e-mail was never proven: its password and sessions end (issue 11)", async () => {
    // Someone registered sara@example.com without owning it, and is signed in.
    const id = await createUser(server.db, { username: "Squatter", email: "sara@example.com", password: "Sunflower9" });
    const squatter = sessionCookie((await passwordLogin("sara@example.com", "Sunflower9")).headers)!;
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: squatter } })).status).toBe(200);

    google.signInAs({ sub: "g-200", email: "sara@example.com", email_verified: true, name: "Sara Ali" });
    const done = await signInWithGoogle();
    const owner = sessionCookie(done.headers)!;
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: owner } })).body.user).toMatchObject({
      username: "Sara Ali",
      email: "sara@example.com",
    });

    expect((await server.request("GET", "/api/getUser", { headers: { cookie: squatter } })).status).toBe(401);
    expect((await passwordLogin("sara@example.com", "Sunflower9")).status).toBe(401);
    const row = await server.db.selectFrom("users").selectAll().where("id", "=", id!).executeTakeFirstOrThrow();
    expect(row.google_sub).toBe("g-200");
    expect(row.password_hash).toBeNull();
    expect(row.email_verified_at).not.toBeNull();
  });

  it("links a password account whose e-mail was proven, keeping its password but ending its other sessions", async () => {
    const id = await createUser(server.db, { username: "Omar Haddad", email: "omar@example.com", password: "Sunflower9", emailVerified: true });
    const earlier = sessionCookie((await passwordLogin("omar@example.com", "Sunflower9")).headers)!;
    google.signInAs({ sub: "g-210", email: "omar@example.com", email_verified: true, name: "Omar H." });
    const done = await signInWithGoogle();
    expect(sessionCookie(done.headers)).toBeTruthy();
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: earlier } })).status).toBe(401);
    expect((await passwordLogin("omar@example.com", "Sunflower9")).status).toBe(200);
    const row = await server.db.selectFrom("users").selectAll().where("id", "=", id!).executeTakeFirstOrThrow();
    expect(row.google_sub).toBe("g-210");
    expect(row.username).toBe("Omar Haddad");
  });

  it("refuses an unverified e-mail and creates nothing", async () => {
    google.signInAs({ sub: "g-300", email: "unverified@example.com", email_verified: false, name: "Un Verified" });
    const before = await userCount();
    const done = await signInWithGoogle();
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login?error=unverified");
    expect(sessionCookie(done.headers)).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it("refuses a changed state, a wrong nonce and a missing flow cookie", async () => {
    google.signInAs({ sub: "g-400", email: "mallory@example.com", email_verified: true, name: "Mallory" });
    const badState = await signInWithGoogle({ next: "/ar", changeCallback: (url) => url.searchParams.set("state", "forged-state") });
    expect(badState.headers.get("location")).toBe("/ar/login?error=failed");
    expect(sessionCookie(badState.headers)).toBeUndefined();

    google.tamperNextIdToken((payload) => {
      payload.nonce = "forged-nonce";
    });
    const badNonce = await signInWithGoogle();
    expect(badNonce.headers.get("location")).toBe("/login?error=failed");
    expect(sessionCookie(badNonce.headers)).toBeUndefined();

    const noCookie = await signInWithGoogle({ cookie: null });
    expect(noCookie.headers.get("location")).toBe("/login?error=failed");
    const forgedCookie = await signInWithGoogle({ cookie: "google_flow=e30.c2lnbmF0dXJl" });
    expect(forgedCookie.headers.get("location")).toBe("/login?error=failed");

    expect(await server.db.selectFrom("users").select("id").where("email", "=", "mallory@example.com").executeTakeFirst()).toBeUndefined();
  });

  it("refuses a disabled account", async () => {
    const id = await createUser(server.db, { username: "Gone Away", email: "gone@example.com", password: null, googleSub: "g-500" });
    await server.db.updateTable("users").set({ disabled: 1 }).where("id", "=", id!).execute();
    google.signInAs({ sub: "g-500", email: "gone@example.com", email_verified: true, name: "Gone Away" });
    const done = await signInWithGoogle();
    expect(done.headers.get("location")).toBe("/login?error=disabled");
    expect(sessionCookie(done.headers)).toBeUndefined();
  });

  it("only returns to same-site paths", async () => {
    google.signInAs({ sub: "g-100", email: "new.parent@example.com", email_verified: true, name: "Noor Al Amin" });
    expect((await signInWithGoogle({ next: "//evil.example/x" })).headers.get("location")).toBe("/");
    expect((await signInWithGoogle({ next: "https://evil.example/" })).headers.get("location")).toBe("/");
    // Paths whose normalised form is "//evil.example" (issue 11).
    for (const next of ["/.//evil.example", "/..//evil.example", "/%2e//evil.example"]) {
      expect((await signInWithGoogle({ next })).headers.get("location"), next).toBe("/");
    }
  });

  it("sends a cancelled sign-in back to the login page", async () => {
    const res = await server.request("GET", "/auth/google/callback?error=access_denied&state=x");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?error=cancelled");
  });
});

describe("Google sign-in when it is not configured", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("sends visitors back to the login page with a message", async () => {
    const start = await server.request("GET", "/auth/google?next=/ar");
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("/ar/login?error=unavailable");
  });
});
