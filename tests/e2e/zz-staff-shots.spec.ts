import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./accounts";

test("screenshots", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  for (const role of ["editor", "admin"]) {
    expect((await page.request.post("/api/admin/invites", { data: { email: `shot-${role}-${randomBytes(2).toString("hex")}@example.com`, role } })).status()).toBe(201);
  }
  const email = `shot-parent-${randomBytes(3).toString("hex")}@example.com`;
  expect((await page.request.post("/register", { data: { username: "Sara Ali", email, password: "Parent-Passw0rd", contactNumber: "9876543210" } })).status()).toBe(201);
  const phone = await browser.newContext({ userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36" });
  expect((await phone.request.post("/login", { data: { email, password: "Parent-Passw0rd" } })).status()).toBe(200);
  const users = (await (await page.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as { rows: { id: number }[] };
  const id = users.rows[0]!.id;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const prefix of ["", "/ar"]) {
      const tag = `${prefix ? "ar" : "en"}-${width}`;
      await page.goto(`${prefix}/admin/users`);
      await page.screenshot({ path: `/tmp/staff-shots/users-${tag}.png`, fullPage: true });
      await page.goto(`${prefix}/admin/users/${id}`);
      await page.screenshot({ path: `/tmp/staff-shots/user-${tag}.png`, fullPage: true });
    }
  }
  const parent = await browser.newContext();
  const p = await parent.newPage();
  expect((await p.request.post("/login", { data: { email, password: "Parent-Passw0rd" } })).status()).toBe(200);
  for (const width of [390, 1280]) {
    await p.setViewportSize({ width, height: 900 });
    for (const prefix of ["", "/ar"]) {
      await p.goto(`${prefix}/account`);
      await p.locator("#devices-heading").scrollIntoViewIfNeeded();
      await p.locator("section[aria-labelledby=devices-heading]").screenshot({ path: `/tmp/staff-shots/devices-${prefix ? "ar" : "en"}-${width}.png` });
    }
  }
  await phone.close();
  await parent.close();
});
