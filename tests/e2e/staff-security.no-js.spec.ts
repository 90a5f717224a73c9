import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./accounts";

/** Issue 25 without JavaScript: every new form posts to its page and comes back with a notice. */

test("pending invitations without JavaScript: invite an editor, then revoke it (ar)", async ({ page }) => {
  await signInAsAdmin(page);
  const email = `nojs-pending-${randomBytes(3).toString("hex")}@example.com`;
  await page.goto("/ar/admin/users");
  const form = page.getByRole("form", { name: "ادعُ عضوًا إلى الفريق" });
  await form.getByLabel("بريده الإلكتروني").fill(email);
  await form.getByLabel("الدور").selectOption("editor");
  await form.getByRole("button", { name: "أرسل الدعوة" }).click();
  await expect(page).toHaveURL(/\/ar\/admin\/users\?notice=invite-sent/);
  const row = page.getByRole("region", { name: "الدعوات المعلّقة" }).getByRole("listitem").filter({ hasText: email });
  await expect(row).toContainText("محرر · أرسلها");
  await row.getByRole("button", { name: `إلغاء الدعوة المرسلة إلى ${email}` }).click();
  await expect(page).toHaveURL(/\/ar\/admin\/users\?notice=invite-revoked/);
  await expect(page.getByRole("status").filter({ hasText: "أُلغيت الدعوة." })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
});

test("signed-in devices without JavaScript: sign another device out, then this one (en)", async ({ page, browser }) => {
  const email = `nojs-devices-${randomBytes(3).toString("hex")}@example.com`;
  const password = "Parent-Passw0rd";
  expect((await page.request.post("/register", { data: { username: "Omar Ali", email, password, contactNumber: "9876543210" } })).status()).toBe(201);
  const other = await browser.newContext({ userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:132.0) Gecko/20100101 Firefox/132.0" });
  try {
    expect((await other.request.post("/login", { data: { email, password } })).status()).toBe(200);
    expect((await page.request.post("/login", { data: { email, password } })).status()).toBe(200);
    await page.goto("/account");
    const devices = page.getByRole("region", { name: "Signed-in devices" });
    await expect(devices.getByRole("listitem")).toHaveCount(2);
    await devices.getByRole("button", { name: "Sign out Firefox on macOS" }).click();
    await expect(page).toHaveURL(/\/account\?notice=device-ended/);
    await expect(page.getByRole("status").filter({ hasText: "That device was signed out." })).toBeVisible();
    await expect(devices.getByRole("listitem")).toHaveCount(1);
    expect((await other.request.get("/api/getUser")).status()).toBe(401);

    await devices.getByRole("button", { name: "Sign out here" }).click();
    await expect(page).toHaveURL(/\/login\?notice=logged-out/);
    expect((await page.request.get("/api/getUser")).status()).toBe(401);
  } finally {
    await other.close();
  }
});

test("End all sessions without JavaScript signs the account out everywhere (en)", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const email = `nojs-end-${randomBytes(3).toString("hex")}@example.com`;
  expect(
    (await page.request.post("/register", { data: { username: "Lost Phone", email, password: "Parent-Passw0rd", contactNumber: "9876543210" } })).status(),
  ).toBe(201);
  const phone = await browser.newContext();
  try {
    expect((await phone.request.post("/login", { data: { email, password: "Parent-Passw0rd" } })).status()).toBe(200);
    const users = (await (await page.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as { rows: { id: number }[] };
    await page.goto(`/admin/users/${users.rows[0]!.id}`);
    await expect(page.getByText("E-mail not proven (registered with a password only)")).toBeVisible();
    await expect(page.getByText("Signed in on 1 device.")).toBeVisible();
    await page.getByRole("button", { name: "End all sessions" }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+\?notice=sessions-ended/);
    await expect(page.getByText("Signed in on 0 devices.")).toBeVisible();
    expect((await phone.request.get("/api/getUser")).status()).toBe(401);
  } finally {
    await phone.close();
  }
});
