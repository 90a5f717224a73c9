import { randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type Page, shot } from "./fixtures";
import { ADMIN_HOME, createAdminAccount } from "./accounts";

/**
 * Passkeys and the staff's second factor (issue 25, decision 046) in Chromium, with its virtual
 * authenticator (the DevTools protocol's WebAuthn domain): the browser runs the real ceremonies,
 * the server verifies them. Passkeys need a domain, so these pages are opened on
 * http://localhost:PORT (the server is told WEBAUTHN_RP_ID=localhost in playwright.config.ts).
 */

const port = Number(process.env.E2E_PORT ?? 3210);
const origin = `http://localhost:${port}`;

/** A platform authenticator with user verification, like a phone's or laptop's fingerprint reader. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const texts = {
  en: { add: "Add a passkey", first: "Passkey 1", signIn: "Use a passkey", name: "Name of the passkey", rename: "Rename", remove: /^Remove/ },
  ar: { add: "إضافة مفتاح مرور", first: "مفتاح المرور 1", signIn: "استخدام مفتاح مرور", name: "اسم مفتاح المرور", rename: "تغيير الاسم", remove: /^حذف/ },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a parent adds a passkey and signs in with it (${lang})`, async ({ page }) => {
    const prefix = lang === "ar" ? "/ar" : "";
    const t = texts[lang];
    const email = `passkey-${lang}-${randomBytes(4).toString("hex")}@example.com`;
    expect(
      (
        await page.request.post(`${origin}/register`, { data: { username: "Key Parent", email, password: "Parent-Passw0rd", contactNumber: "9876543210" } })
      ).status(),
    ).toBe(201);
    expect((await page.request.post(`${origin}/login`, { data: { email, password: "Parent-Passw0rd" } })).status()).toBe(200);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

    await page.goto(`${origin}${prefix}/account/security`);
    await page.getByRole("button", { name: t.add }).click();
    await expect(page.getByLabel(t.name)).toHaveValue(t.first);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await shot(page, `passkeys-security-${lang}-390`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, `passkeys-security-${lang}-1280`, { fullPage: true });

    // Signed out, the passkey alone signs in: the browser signs the server's challenge.
    await page.context().clearCookies();
    await page.goto(`${origin}${prefix}/login`);
    await shot(page, `passkeys-login-${lang}-390`);
    await page.getByRole("button", { name: t.signIn }).click();
    await expect(page).toHaveURL(`${origin}${prefix === "" ? "/" : prefix}`);
    const user = await page.request.get(`${origin}/api/getUser`);
    expect(((await user.json()) as { user: { email: string } }).user.email).toBe(email);

    // Renamed and removed on the same page.
    await page.goto(`${origin}${prefix}/account/security`);
    await page.getByLabel(t.name).fill("Laptop");
    await page.getByRole("button", { name: t.rename }).click();
    await expect(page.getByLabel(t.name)).toHaveValue("Laptop");
    await page.getByRole("button", { name: t.remove }).click();
    await expect(page.getByLabel(t.name)).toHaveCount(0);
  });
}

test("without JavaScript support for passkeys the sign-in page offers none, and the password still works", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await expect(page.getByRole("button", { name: texts.en.signIn })).toHaveCount(0);
  await context.close();
});

/** The code an authenticator app shows at that moment. */
const codeAt = (secret: string, timestamp: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: 30 }).generate({ timestamp });

test("staff set up an authenticator app, then sign in with the password and a code (en, with JavaScript)", async ({ page }) => {
  const account = await createAdminAccount(`totp-${randomBytes(4).toString("hex")}@example.com`, "Staff-Passw0rd", "Code Staff");
  expect((await page.request.post("/api/admin/login", { data: { email: account.email, password: account.password } })).status()).toBe(200);
  await page.goto("/account/security");
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.locator("[data-totp-secret]").textContent())!;
  await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
  await shot(page, "totp-setup-en-1280", { fullPage: true });
  await page.getByLabel("6-digit code from the app").fill(codeAt(secret, Date.now()));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.locator("[data-recovery-codes] li")).toHaveCount(10);
  await expectNoAxeViolations(page);

  await page.context().clearCookies();
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login\/second-factor/);
  // No session yet: the staff area still sends the visitor to sign in.
  expect((await page.request.get("/api/getUser")).status()).toBe(401);
  await expectNoAxeViolations(page);
  await shot(page, "second-factor-en-1280");
  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").first()).toContainText("not valid");
  // The code of the next 30 seconds (the current one was taken by the set-up).
  await page.getByLabel("Code").fill(codeAt(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(ADMIN_HOME);
});

test("staff with a passkey skip the code: the passkey finishes the second step (ar)", async ({ page }) => {
  const account = await createAdminAccount(`staffkey-${randomBytes(4).toString("hex")}@example.com`, "Staff-Passw0rd", "Key Staff");
  expect((await page.request.post(`${origin}/api/admin/login`, { data: { email: account.email, password: account.password } })).status()).toBe(200);
  await addVirtualAuthenticator(page);
  await page.goto(`${origin}/ar/account/security`);
  await page.getByRole("button", { name: texts.ar.add }).click();
  await expect(page.getByLabel(texts.ar.name)).toHaveValue(texts.ar.first);
  await page.context().clearCookies();
  await page.goto(`${origin}/ar/admin/login`);
  await page.getByLabel("البريد الإلكتروني", { exact: true }).fill(account.email);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "دخول", exact: true }).click();
  await expect(page).toHaveURL(/\/ar\/admin\/login\/second-factor/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await shot(page, "second-factor-ar-390", { fullPage: true });
  await page.getByRole("button", { name: texts.ar.signIn }).click();
  await expect(page).toHaveURL(`${origin}/ar/admin`);
});

test("when the academy requires a second factor, staff without one are taken to set it up first (en)", async ({ page, browser }) => {
  // The admin who turns the requirement on has an app already, so it can also turn it off again.
  const holder = await browser.newContext();
  const owner = await createAdminAccount(`require-${randomBytes(4).toString("hex")}@example.com`, "Staff-Passw0rd", "Owner Staff");
  expect((await holder.request.post("/api/admin/login", { data: { email: owner.email, password: owner.password } })).status()).toBe(200);
  const { setup } = (await (await holder.request.post("/api/account/totp/setup", { data: {} })).json()) as { setup: { secret: string } };
  expect((await holder.request.post("/api/account/totp/enable", { data: { code: codeAt(setup.secret, Date.now()) } })).status()).toBe(200);
  const { settings } = (await (await holder.request.get("/api/admin/settings")).json()) as { settings: Record<string, unknown> };
  expect((await holder.request.put("/api/admin/settings", { data: { ...settings, requireStaffSecondFactor: true } })).status()).toBe(200);
  try {
    const staff = await createAdminAccount(`nofactor-${randomBytes(4).toString("hex")}@example.com`, "Staff-Passw0rd", "New Staff");
    await page.goto("/admin/login");
    await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
    await page.getByLabel("Password", { exact: true }).fill(staff.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/security\?required=1/);
    await expect(page.getByRole("status").filter({ hasText: "requires a second factor" })).toBeVisible();
    const refused = await page.request.get("/api/admin/slots");
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain("second factor");
    // Set up here, the staff area opens.
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    const secret = (await page.locator("[data-totp-secret]").textContent())!;
    await page.getByLabel("6-digit code from the app").fill(codeAt(secret, Date.now()));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.locator("[data-recovery-codes] li")).toHaveCount(10);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin$/);
  } finally {
    expect((await holder.request.put("/api/admin/settings", { data: { ...settings, requireStaffSecondFactor: false } })).status()).toBe(200);
    await holder.close();
  }
});
