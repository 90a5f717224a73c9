import { randomBytes } from "node:crypto";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type Browser } from "./fixtures";
import { signInAsAdmin } from "./accounts";

/**
 * Issue 25 with JavaScript: pending invitations (with a role) listed and revoked on the users
 * screen, a refused promotion of an unproven account, signed-in devices on /account, and axe on
 * each of those screens in both languages.
 */

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

/** A parent account registered with a password only (its e-mail never proven), signed in on a phone in its own browser. */
async function parentOnPhone(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ userAgent: ANDROID_CHROME });
  expect((await context.request.post("/login", { data: { email, password } })).status()).toBe(200);
  return context;
}

test("an admin invites an editor, sees the invitation pending and revokes it (en)", async ({ page }) => {
  await signInAsAdmin(page);
  const email = `pending-${randomBytes(3).toString("hex")}@example.com`;
  await page.goto("/admin/users");
  const form = page.getByRole("form", { name: "Invite a staff member" });
  await form.getByLabel("Their e-mail").fill(email);
  await form.getByLabel("Role").selectOption("editor");
  await form.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByText("Invitation sent.").first()).toBeVisible();

  const pending = page.getByRole("region", { name: "Pending invitations" });
  const row = pending.getByRole("listitem").filter({ hasText: email });
  await expect(row).toContainText("Editor · Invited by");
  await expect(row).toContainText("Invited by: Test Staff");
  await expectNoAxeViolations(page);
  await page.goto("/ar/admin/users");
  await expectNoAxeViolations(page);
  await page.goto("/admin/users");
  await row.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
  await expect(page.getByText("Invitation revoked.").first()).toBeVisible();
  await expect(pending.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
  const api = (await (await page.request.get("/api/admin/invites")).json()) as { invites: { email: string }[] };
  expect(api.invites.map((i) => i.email)).not.toContain(email);
});

test("an unproven account is not made staff on its page: the page says so and an invitation goes out instead (ar)", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const email = `squatter-${randomBytes(3).toString("hex")}@example.com`;
  expect(
    (await page.request.post("/register", { data: { username: "Squatter", email, password: "Squatter-Passw0rd", contactNumber: "9876543210" } })).status(),
  ).toBe(201);
  const phone = await parentOnPhone(browser, email, "Squatter-Passw0rd");
  try {
    const users = (await (await page.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as { rows: { id: number }[] };
    await page.goto(`/admin/users/${users.rows[0]!.id}`);
    await expect(page.getByText("E-mail not proven (registered with a password only)")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/ar/admin/users/${users.rows[0]!.id}`);
    await expect(page.getByText("البريد الإلكتروني غير مُثبَت (أُنشئ الحساب بكلمة مرور فقط)")).toBeVisible();
    await expect(page.getByText("مسجَّل الدخول على جهاز واحد.")).toBeVisible();
    await expectNoAxeViolations(page);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByLabel("الدور", { exact: true }).selectOption("admin");
    await page.getByRole("button", { name: "حفظ الدور" }).click();
    await expect(page.getByText(/لم يُجعل من الموظفين/).first()).toBeVisible();
    const invites = (await (await page.request.get("/api/admin/invites")).json()) as { invites: { email: string; role: string }[] };
    expect(invites.invites).toContainEqual(expect.objectContaining({ email, role: "admin" }));

    // "End all sessions" signs the phone out.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "إنهاء كل جلسات تسجيل الدخول" }).click();
    await expect(page.getByText("غير مسجَّل الدخول على أي جهاز.")).toBeVisible();
    expect((await phone.request.get("/api/getUser")).status()).toBe(401);
  } finally {
    await phone.close();
  }
});

test("a parent sees their devices, signs the phone out, then this device (ar), and axe finds nothing", async ({ page, browser }) => {
  const email = `devices-${randomBytes(3).toString("hex")}@example.com`;
  const password = "Parent-Passw0rd";
  expect((await page.request.post("/register", { data: { username: "Sara Ali", email, password, contactNumber: "9876543210" } })).status()).toBe(201);
  const phone = await parentOnPhone(browser, email, password);
  try {
    expect((await page.request.post("/login", { data: { email, password } })).status()).toBe(200);
    await page.goto("/ar/account");
    const devices = page.getByRole("region", { name: "الأجهزة التي سُجّل الدخول منها" });
    await expect(devices.getByRole("listitem")).toHaveCount(2);
    await expect(devices.locator("[data-device=current]")).toContainText("هذا الجهاز");
    await expect(devices.locator("[data-device=other]")).toContainText("Chrome على Android");
    await expectNoAxeViolations(page);
    await page.goto("/account");
    await expectNoAxeViolations(page);
    await page.goto("/ar/account");

    await devices.getByRole("button", { name: "سجّل الخروج من Chrome على Android" }).click();
    await expect(page.getByText("سُجّل الخروج من ذلك الجهاز.").first()).toBeVisible();
    await expect(devices.getByRole("listitem")).toHaveCount(1);
    expect((await phone.request.get("/api/getUser")).status()).toBe(401);

    await devices.getByRole("button", { name: "سجّل الخروج هنا" }).click();
    await expect(page).toHaveURL(/\/ar\/login$/);
    expect((await page.request.get("/api/getUser")).status()).toBe(401);
  } finally {
    await phone.close();
  }
});
