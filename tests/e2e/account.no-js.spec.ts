import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";

/** My account without JavaScript (decision 019): the three forms post to the page and come back. */

const PASSWORD = "Parent-Passw0rd";

test("my account without JavaScript: signed-out redirect, profile refused then saved, password changed, account deleted", async ({ page }) => {
  const email = `nojs-account-${randomBytes(5).toString("hex")}@example.com`;
  expect((await page.request.post("/register", { data: { username: "Sara Ali", email, password: PASSWORD, contactNumber: "9876543210" } })).status()).toBe(201);

  await page.goto("/ar/account");
  await expect(page).toHaveURL(/\/ar\/login\?next=%2Far%2Faccount$/);
  await page.getByLabel("البريد الإلكتروني", { exact: true }).fill(email);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
  await expect(page).toHaveURL(/\/ar\/account\?notice=login-ok/);
  await expect(page.getByRole("heading", { level: 1, name: "حسابي" })).toBeVisible();

  // A refusal comes back beside its field, with the value as typed.
  await page.goto("/account");
  const name = page.getByLabel("Full name", { exact: true });
  await name.fill("S");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.locator("#account-profile-form").getByRole("alert")).toHaveText("Use 3 to 30 characters.");
  await expect(name).toHaveValue("S");
  await name.fill("Sara Hassan");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page).toHaveURL(/\/account\?notice=profile-saved/);
  await expect(page.getByRole("status").filter({ hasText: "Your profile has been saved." })).toBeVisible();
  await expect(name).toHaveValue("Sara Hassan");

  await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("Changed-Passw0rd1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account\?notice=password-updated/);
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();

  await page.getByLabel(/Type your e-mail to confirm/).fill(email);
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page).toHaveURL(/\/\?notice=account-deleted/);
  await expect(page.getByRole("status").filter({ hasText: "Your account has been deleted." })).toBeVisible();
  expect((await page.request.post("/login", { data: { email, password: "Changed-Passw0rd1" } })).status()).toBe(401);
});
