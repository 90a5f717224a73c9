import { randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import { expect, test } from "./fixtures";
import { createAdminAccount } from "./accounts";

/**
 * The authenticator app and the second sign-in step without JavaScript (issue 25, decision 046):
 * plain form posts, in Arabic. Recovery codes are shown once, in the page.
 */
const codeAt = (secret: string, timestamp: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: 30 }).generate({ timestamp });

test("staff set up the app and sign in with a recovery code, without JavaScript (ar)", async ({ page }) => {
  const account = await createAdminAccount(`nojs-totp-${randomBytes(4).toString("hex")}@example.com`, "Staff-Passw0rd", "No Script Staff");
  const signIn = async () => {
    await page.goto("/ar/admin/login");
    await page.getByLabel("البريد الإلكتروني", { exact: true }).fill(account.email);
    await page.getByLabel("كلمة المرور", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "دخول", exact: true }).click();
  };
  await signIn();
  await page.goto("/ar/account/security");
  await expect(page.getByText("تتطلب إضافة مفتاح مرور تفعيل JavaScript في هذا المتصفح.")).toBeVisible();
  await page.getByRole("button", { name: "تفعيل تطبيق مصادقة" }).click();
  const secret = (await page.locator("[data-totp-secret]").textContent())!;
  await page.getByLabel("الرمز المكوَّن من 6 أرقام في التطبيق").fill("123");
  await page.getByRole("button", { name: "تفعيل", exact: true }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await page.getByLabel("الرمز المكوَّن من 6 أرقام في التطبيق").fill(codeAt(secret, Date.now()));
  await page.getByRole("button", { name: "تفعيل", exact: true }).click();
  // The posted form's answer is a new document: wait for it (reading at once once found none).
  await expect(page.locator("[data-recovery-codes] li")).toHaveCount(10);
  const codes = await page.locator("[data-recovery-codes] li").allTextContents();

  await page.context().clearCookies();
  await signIn();
  await expect(page).toHaveURL(/\/ar\/admin\/login\/second-factor$/);
  await page.getByLabel("الرمز", { exact: true }).fill("nope-nope");
  await page.getByRole("button", { name: "متابعة" }).click();
  await expect(page.getByRole("alert").first()).toContainText("غير صالح");
  await page.getByLabel("الرمز", { exact: true }).fill(codes[0]!);
  await page.getByRole("button", { name: "متابعة" }).click();
  await expect(page).toHaveURL(/\/ar\/admin\?notice=login-ok/);
});
