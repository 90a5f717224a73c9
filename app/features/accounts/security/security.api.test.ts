import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, requestListener } from "~server/app";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { SoftAuthenticator } from "~server/test/soft-authenticator";
import { codesLockedMail } from "./code-guard.server";

/** The cookies a response set, as a Cookie header to send back (name=value; ...). */
const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="));
const join = (...parts: (string | string[])[]) => parts.flat().filter(Boolean).join("; ");

const codeAt = (secret: string, timestamp: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: 30 }).generate({ timestamp });

describe("passkeys and the staff's second factor", () => {
  let server: TestServer;
  const writes = (cookie: string, ip?: string) => ({ cookie, origin: server.url, ...(ip ? { "x-forwarded-for": ip } : {}) });
  const authenticator = () => new SoftAuthenticator(server.config.webauthn!.rpId, server.config.webauthn!.origins[0]!);

  /** Registers a passkey for the signed-in account through the server's own ceremony. */
  async function addPasskey(cookie: string, device = authenticator()) {
    const options = await server.request("POST", "/api/account/passkeys/options", { json: {}, headers: writes(cookie) });
    expect(options.status).toBe(200);
    const step = cookiesOf(options.headers);
    const saved = await server.request("POST", "/api/account/passkeys", {
      json: { response: device.register(options.body.options), name: "Laptop" },
      headers: writes(join(cookie, step)),
    });
    return { device, saved };
  }

  /** A passkey sign-in from scratch (no session): options, then the signed assertion. */
  async function passkeySignIn(device: SoftAuthenticator, overrides: Parameters<SoftAuthenticator["assert"]>[1] = {}, extraCookie = "") {
    const options = await server.request("POST", "/api/passkeys/login/options", {
      json: { secondStep: extraCookie !== "" },
      headers: { origin: server.url, ...(extraCookie ? { cookie: extraCookie } : {}) },
    });
    const step = cookiesOf(options.headers);
    const answer = await server.request("POST", "/api/passkeys/login", {
      json: { response: device.assert(options.body.options.challenge, overrides) },
      headers: { origin: server.url, cookie: join(step, extraCookie) },
    });
    return { answer, step };
  }

  async function enableTotp(cookie: string) {
    const setup = await server.request("POST", "/api/account/totp/setup", { json: {}, headers: writes(cookie) });
    expect(setup.status).toBe(200);
    expect(setup.body.setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.setup.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret: string = setup.body.setup.secret;
    const enabled = await server.request("POST", "/api/account/totp/enable", { json: { code: codeAt(secret, Date.now()) }, headers: writes(cookie) });
    expect(enabled.status).toBe(200);
    return { secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  async function staffPassword(email: string, password: string) {
    const answer = await server.request("POST", "/api/admin/login", { json: { email, password }, headers: { origin: server.url } });
    return { answer, cookies: cookiesOf(answer.headers) };
  }

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("registers a parent's passkey (verified by the server) and signs in with it, once per challenge", async () => {
    const parent = await server.signIn("user");
    const other = await server.signIn("user");
    await server.db.updateTable("sessions").set({ user_id: parent.user.id }).where("user_id", "=", other.user.id).execute();
    const { device, saved } = await addPasskey(parent.cookie);
    expect(saved.status).toBe(201);
    expect(saved.body.passkey.name).toBe("Laptop");
    // A new way in ends the account's other sessions; this one stays.
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: other.cookie } })).status).toBe(401);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: parent.cookie } })).status).toBe(200);

    const { answer, step } = await passkeySignIn(device);
    expect(answer.status).toBe(200);
    expect(answer.body.user.email).toBe(parent.user.email);
    const session = cookiesOf(answer.headers).find((pair) => pair.startsWith("sid="))!;
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: session } })).body.user.email).toBe(parent.user.email);
    expect(
      await server.db.selectFrom("sessions").select("kind").where("user_id", "=", parent.user.id).where("kind", "=", "passkey").executeTakeFirst(),
    ).toBeTruthy();

    // The challenge was spent: the same step cannot sign in twice.
    const again = await server.request("POST", "/api/passkeys/login", {
      json: { response: device.assert("x") },
      headers: { origin: server.url, cookie: join(step) },
    });
    expect(again.status).toBe(401);
    const listed = await server.request("GET", "/api/account/security", { headers: { cookie: parent.cookie } });
    expect(listed.body.passkeys).toHaveLength(1);
    expect(listed.body.passkeys[0].lastUsedAt).toBeTruthy();
    expect(listed.body.totp).toBeNull();
  });

  it("refuses an assertion from another origin, without user verification, or from an unknown key", async () => {
    const parent = await server.signIn("user");
    const { device } = await addPasskey(parent.cookie);
    expect((await passkeySignIn(device, { origin: "https://evil.example" })).answer.status).toBe(401);
    expect((await passkeySignIn(device, { userVerified: false })).answer.status).toBe(401);
    expect((await passkeySignIn(authenticator())).answer.status).toBe(401);
    // A registration signed for another site is refused too, and saves nothing.
    const options = await server.request("POST", "/api/account/passkeys/options", { json: {}, headers: writes(parent.cookie) });
    const forged = await server.request("POST", "/api/account/passkeys", {
      json: { response: authenticator().register(options.body.options, { origin: "https://evil.example" }) },
      headers: writes(join(parent.cookie, cookiesOf(options.headers))),
    });
    expect(forged.status).toBe(400);
    expect((await server.request("GET", "/api/account/security", { headers: { cookie: parent.cookie } })).body.passkeys).toHaveLength(1);
  });

  it("renames and removes only the account's own passkeys, and caps them at 10", async () => {
    const parent = await server.signIn("user");
    const stranger = await server.signIn("user");
    const { saved } = await addPasskey(parent.cookie);
    const url = `/api/account/passkeys/${saved.body.passkey.id}`;
    expect((await server.request("PATCH", url, { json: { name: "Phone" }, headers: writes(stranger.cookie) })).status).toBe(404);
    expect((await server.request("DELETE", url, { headers: writes(stranger.cookie) })).status).toBe(404);
    expect((await server.request("PATCH", url, { json: { name: "Phone" }, headers: writes(parent.cookie) })).status).toBe(200);
    expect((await server.request("PATCH", url, { json: { name: "" }, headers: writes(parent.cookie) })).status).toBe(400);
    expect((await server.request("DELETE", url, { headers: writes(parent.cookie) })).status).toBe(200);
    const now = new Date().toISOString();
    await server.db
      .insertInto("passkeys")
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          user_id: parent.user.id,
          credential_id: `filler-${parent.user.id}-${i}`,
          public_key: "AA",
          counter: 0,
          transports: "[]",
          name: `Key ${i}`,
          created_at: now,
          last_used_at: null,
        })),
      )
      .execute();
    const full = await server.request("POST", "/api/account/passkeys/options", { json: {}, headers: writes(parent.cookie) });
    expect(full.status).toBe(409);
    expect(full.body.message).toContain("10");
  });

  it("asks staff with an authenticator app for a code after the password: clock skew, no replay, single-use recovery codes", async () => {
    const staff = await server.signIn("admin");
    const { secret, recoveryCodes } = await enableTotp(staff.cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect(await server.db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", staff.user.id).execute()).not.toContainEqual({
      code_hash: recoveryCodes[0],
    });

    // The password alone gives no session, only the waiting step.
    const first = await staffPassword(staff.user.email, staff.password);
    expect(first.answer.status).toBe(200);
    expect(first.answer.body.secondFactor).toBe(true);
    expect(first.cookies.some((pair) => pair.startsWith("sid="))).toBe(false);
    const step = first.cookies.find((pair) => pair.startsWith("sf_step="))!;
    // The parents' /login takes a staff password the same way.
    expect(
      (await server.request("POST", "/login", { json: { email: staff.user.email, password: staff.password }, headers: { origin: server.url } })).body
        .secondFactor,
    ).toBe(true);

    const wrong = await server.request("POST", "/api/login/second-factor", { json: { code: "000000" }, headers: { origin: server.url, cookie: step } });
    expect(wrong.status).toBe(400);
    // A phone clock 30 seconds ahead still works (a code older than the last one taken would not: no replay).
    const skewed = codeAt(secret, Date.now() + 30_000);
    const done = await server.request("POST", "/api/login/second-factor", { json: { code: skewed }, headers: { origin: server.url, cookie: step } });
    expect(done.status).toBe(200);
    const session = cookiesOf(done.headers).find((pair) => pair.startsWith("sid="))!;
    expect((await server.request("GET", "/api/admin/settings", { headers: { cookie: session } })).status).toBe(200);
    // The step is spent, and the same code cannot sign in again.
    expect((await server.request("POST", "/api/login/second-factor", { json: { code: skewed }, headers: { origin: server.url, cookie: step } })).status).toBe(
      401,
    );
    const second = await staffPassword(staff.user.email, staff.password);
    const step2 = second.cookies.find((pair) => pair.startsWith("sf_step="))!;
    expect((await server.request("POST", "/api/login/second-factor", { json: { code: skewed }, headers: { origin: server.url, cookie: step2 } })).status).toBe(
      400,
    );
    // Two minutes off is too far.
    expect(
      (
        await server.request("POST", "/api/login/second-factor", {
          json: { code: codeAt(secret, Date.now() - 120_000) },
          headers: { origin: server.url, cookie: step2 },
        })
      ).status,
    ).toBe(400);

    // A recovery code works once (spaces and case do not matter).
    const recovery = recoveryCodes[0]!.toUpperCase().replace("-", " - ");
    expect(
      (await server.request("POST", "/api/login/second-factor", { json: { code: recovery }, headers: { origin: server.url, cookie: step2 } })).status,
    ).toBe(200);
    const third = await staffPassword(staff.user.email, staff.password);
    const step3 = third.cookies.find((pair) => pair.startsWith("sf_step="))!;
    expect(
      (await server.request("POST", "/api/login/second-factor", { json: { code: recoveryCodes[0] }, headers: { origin: server.url, cookie: step3 } })).status,
    ).toBe(400);
    expect((await server.request("GET", "/api/account/security", { headers: { cookie: session } })).body.totp.recoveryCodesLeft).toBe(9);
  });

  it("drops a waiting sign-in after five wrong codes, and rate-limits the code checks per address", async () => {
    const staff = await server.signIn("editor");
    await enableTotp(staff.cookie);
    const { cookies } = await staffPassword(staff.user.email, staff.password);
    const step = cookies.find((pair) => pair.startsWith("sf_step="))!;
    const ip = "10.77.0.1";
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await server.request("POST", "/api/login/second-factor", {
            json: { code: "123456" },
            headers: { origin: server.url, cookie: step, "x-forwarded-for": ip },
          })
        ).status,
      );
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5, 10)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[10]).toBe(429);
  });

  it("lets staff with a passkey skip the code: the passkey is both factors; the second step offers only their passkeys", async () => {
    const staff = await server.signIn("admin");
    const { device } = await addPasskey(staff.cookie);
    const { cookies } = await staffPassword(staff.user.email, staff.password);
    const step = cookies.find((pair) => pair.startsWith("sf_step="))!;
    const { answer } = await passkeySignIn(device, {}, step);
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().some((line) => line.startsWith("sf_step=;"))).toBe(true);
    // Another account's passkey does not finish this staff member's sign-in.
    const parent = await server.signIn("user");
    const { device: parentDevice } = await addPasskey(parent.cookie);
    const again = await staffPassword(staff.user.email, staff.password);
    const step2 = again.cookies.find((pair) => pair.startsWith("sf_step="))!;
    expect((await passkeySignIn(parentDevice, {}, step2)).answer.status).toBe(401);
  });

  it("enforces the academy's requirement: staff without a factor get 403 until they add one, and cannot remove the last", async () => {
    await server.db.updateTable("site_settings").set({ value: "true" }).where("key", "=", "requireStaffSecondFactor").execute();
    try {
      const staff = await server.signIn("admin");
      const refused = await server.request("GET", "/api/admin/settings", { headers: { cookie: staff.cookie } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/second factor/);
      // The account's own security endpoints stay open, so the factor can be set up.
      const { saved } = await addPasskey(staff.cookie);
      expect(saved.status).toBe(201);
      expect((await server.request("GET", "/api/admin/settings", { headers: { cookie: staff.cookie } })).status).toBe(200);
      const removal = await server.request("DELETE", `/api/account/passkeys/${saved.body.passkey.id}`, { headers: writes(staff.cookie) });
      expect(removal.status).toBe(409);
      // Parents are not concerned.
      const parent = await server.signIn("user");
      const { saved: parentKey } = await addPasskey(parent.cookie);
      expect((await server.request("DELETE", `/api/account/passkeys/${parentKey.body.passkey.id}`, { headers: writes(parent.cookie) })).status).toBe(200);
      // The authenticator app is for staff.
      expect((await server.request("POST", "/api/account/totp/setup", { json: {}, headers: writes(parent.cookie) })).status).toBe(403);
    } finally {
      await server.db.updateTable("site_settings").set({ value: "false" }).where("key", "=", "requireStaffSecondFactor").execute();
    }
  });

  it("turns the requirement on from the settings screen's endpoint, audited; it then holds for the admin who set it", async () => {
    const admin = await server.signIn("admin");
    try {
      const { settings } = (await server.request("GET", "/api/admin/settings", { headers: { cookie: admin.cookie } })).body;
      expect(settings.requireStaffSecondFactor).toBe(false);
      const saved = await server.request("PUT", "/api/admin/settings", {
        json: { ...settings, requireStaffSecondFactor: true },
        headers: writes(admin.cookie),
      });
      expect(saved.status).toBe(200);
      const entry = await server.db.selectFrom("audit_log").select("summary").where("entity", "=", "settings").orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(entry.summary).toContain("requireStaffSecondFactor");
      expect((await server.request("GET", "/api/admin/users", { headers: { cookie: admin.cookie } })).status).toBe(403);
      expect((await server.request("GET", "/api/account/security", { headers: { cookie: admin.cookie } })).body.required).toBe(true);
    } finally {
      await server.db.updateTable("site_settings").set({ value: "false" }).where("key", "=", "requireStaffSecondFactor").execute();
    }
  });

  it("keeps the authenticator secret encrypted and turns the app off only with a current code", async () => {
    const staff = await server.signIn("admin");
    const { secret } = await enableTotp(staff.cookie);
    const stored = await server.db.selectFrom("totp_factors").select("secret").where("user_id", "=", staff.user.id).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret.replace(/\s/g, ""));
    expect((await server.request("POST", "/api/account/totp/disable", { json: { code: "000000" }, headers: writes(staff.cookie) })).status).toBe(400);
    const renewed = await server.request("POST", "/api/account/recovery-codes", {
      json: { code: codeAt(secret, Date.now() + 30_000) },
      headers: writes(staff.cookie),
    });
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    // The code just taken cannot be used again; a later one can (time passing is simulated).
    expect(
      (await server.request("POST", "/api/account/totp/disable", { json: { code: codeAt(secret, Date.now() + 30_000) }, headers: writes(staff.cookie) }))
        .status,
    ).toBe(400);
    await server.db.updateTable("totp_factors").set({ last_step: 0 }).where("user_id", "=", staff.user.id).execute();
    expect(
      (await server.request("POST", "/api/account/totp/disable", { json: { code: codeAt(secret, Date.now()) }, headers: writes(staff.cookie) })).status,
    ).toBe(200);
    expect(await server.db.selectFrom("totp_factors").select("user_id").where("user_id", "=", staff.user.id).executeTakeFirst()).toBeUndefined();
    const { answer } = await staffPassword(staff.user.email, staff.password);
    expect(answer.body.secondFactor).toBeUndefined();
  });
  it("limits wrong codes per account across clients and instances: 10 in 15 minutes, then only a passkey; audited and the owner told in both languages (issue 39)", async () => {
    // A second instance of the app on the same database (as two servers behind one PostgreSQL).
    const otherDb = server.openDb();
    const other = createServer(requestListener(createApp({ config: server.config, db: otherDb, logger: createLogger("silent") }))).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => other.once("listening", () => resolve()));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const staff = await server.signIn("admin");
      const { secret } = await enableTotp(staff.cookie);
      const { device } = await addPasskey(staff.cookie);
      const code = (instance: number, step: string, value: string, ip: string) => {
        const base = instance % 2 ? otherUrl : server.url;
        return fetch(`${base}/api/login/second-factor`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base, cookie: step, "x-forwarded-for": ip },
          body: JSON.stringify({ code: value }),
        }).then((res) => res.status);
      };
      const statuses: number[] = [];
      // Six clients, five wrong codes each (the per-step limit), alternating between the two instances.
      for (let client = 0; client < 6; client++) {
        const { cookies } = await staffPassword(staff.user.email, staff.password);
        const step = cookies.find((pair) => pair.startsWith("sf_step="))!;
        for (let i = 0; i < 5; i++) statuses.push(await code(i, step, "000000", `10.66.${client}.1`));
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses.slice(10)).toEqual(Array(20).fill(429));
      // The right code is refused too now, from anywhere.
      const { cookies } = await staffPassword(staff.user.email, staff.password);
      const step = cookies.find((pair) => pair.startsWith("sf_step="))!;
      expect(await code(1, step, codeAt(secret, Date.now()), "10.66.9.1")).toBe(429);
      // A passkey (both factors in itself) still signs the owner in.
      expect((await passkeySignIn(device, {}, step)).answer.status).toBe(200);
      const audit = await server.db.selectFrom("audit_log").select(["entity_id", "summary"]).where("action", "=", "second_factor_locked").execute();
      expect(audit).toHaveLength(1);
      expect(String(audit[0]!.entity_id)).toBe(String(staff.user.id));
      const mails = (await server.db.selectFrom("jobs").select("payload").where("kind", "=", "mail").execute())
        .map((job) => JSON.parse(job.payload))
        .filter((mail) => mail.template === "second-factor-locked");
      expect(mails).toHaveLength(1);
      expect(mails[0].to).toBe(staff.user.email);
      expect(mails[0].subject).toContain("Someone may know your password");
      expect(mails[0].subject).toContain("قد يعرف أحدهم كلمة مرورك");
      const body = await codesLockedMail.render(
        { db: server.db, config: server.config, logger: createLogger("silent") },
        codesLockedMail.data.parse(mails[0].data),
        mails[0],
      );
      expect(body!.text).toContain("10 wrong second-factor codes");
      expect(body!.text).toContain("أدخل أحدهم كلمة مرورك");
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
      await otherDb.destroy();
    }
  });

  it("puts instructors under the requirement: no roster with a password alone; they can set up an authenticator app or a passkey (issue 39)", async () => {
    await server.db.updateTable("site_settings").set({ value: "true" }).where("key", "=", "requireStaffSecondFactor").execute();
    try {
      const instructor = await server.signIn("instructor");
      const refused = await server.request("GET", "/api/teaching/meetings", { headers: { cookie: instructor.cookie } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/second factor/);
      expect((await server.request("GET", "/api/account/security", { headers: { cookie: instructor.cookie } })).body).toMatchObject({
        required: true,
        totp: { enabled: false },
      });
      const { secret } = await enableTotp(instructor.cookie);
      expect((await server.request("GET", "/api/teaching/meetings", { headers: { cookie: instructor.cookie } })).status).toBe(200);
      // The password alone no longer signs the instructor in.
      const { answer, cookies } = await staffPassword(instructor.user.email, instructor.password);
      expect(answer.body.secondFactor).toBe(true);
      expect(cookies.some((pair) => pair.startsWith("sid="))).toBe(false);
      const step = cookies.find((pair) => pair.startsWith("sf_step="))!;
      expect(
        (
          await server.request("POST", "/api/login/second-factor", {
            json: { code: codeAt(secret, Date.now() + 30_000) },
            headers: { origin: server.url, cookie: step },
          })
        ).status,
      ).toBe(200);
      // Another instructor sets up a passkey instead.
      const second = await server.signIn("instructor");
      const { saved } = await addPasskey(second.cookie);
      expect(saved.status).toBe(201);
      expect((await server.request("GET", "/api/teaching/meetings", { headers: { cookie: second.cookie } })).status).toBe(200);
    } finally {
      await server.db.updateTable("site_settings").set({ value: "false" }).where("key", "=", "requireStaffSecondFactor").execute();
    }
  });
});
