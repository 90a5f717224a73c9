import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { createAdminAccount } from "./accounts";

/** Restoring a revision is a form post: it works without JavaScript (issue 16). */
test("a course revision is compared and restored without JavaScript", async ({ page }) => {
  const account = createAdminAccount(`staff-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Test Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\?notice=login-ok/);
  const key = `nojs_${randomBytes(3).toString("hex")}`;
  const course = {
    key,
    slug: key.replace("_", "-"),
    nameEn: "Rovers",
    descriptionEn: "Build rovers.",
    sessions: 10,
    minAge: 6,
    maxAge: 12,
    price: 100,
    instructor: "Sara",
    imageUrl: "/uploads/abc-640.webp",
  };
  const created = await page.request.post("/api/admin/courses", { data: course });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.put(`/api/admin/courses/${id}`, { data: { ...course, price: 250 } })).status()).toBe(200);

  await page.goto(`/admin/courses/edit/${id}/revisions`);
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(3);
  await rows.nth(2).getByRole("link", { name: "Compare with current" }).click();
  await expect(page.locator("#comparison").getByText("Price ($)", { exact: true })).toBeVisible();
  await rows.nth(2).getByRole("button", { name: "Restore this revision" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/edit/${id}/revisions\\?notice=revision-restored`));
  await expect(page.getByRole("status").filter({ hasText: "Revision restored." })).toBeVisible();
  await expect(rows).toHaveCount(4);
  const now = (await (await page.request.get(`/api/admin/courses/${id}`)).json()) as { course: { price: number } };
  expect(now.course.price).toBe(100);
  expect((await page.request.delete(`/api/admin/courses/${id}`)).status()).toBe(200);
});
