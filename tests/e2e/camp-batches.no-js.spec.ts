import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { createAdminAccount } from "./accounts";
import { junior, restore, settingsWith } from "./camp-batches";

// Decision 037 without JavaScript: the camp screen's warning and its button are a plain form post.
// (axe needs scripts in the page: camp-batches.spec.ts audits the warning in both languages.)

test("Arabic, without JavaScript: the warning shows the start date's batches and the button sets them", async ({ page }) => {
  const staff = await createAdminAccount(`batches-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Batches Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\?notice=login-ok/);
  const original = await junior(page);
  const { campStartDate } = await settingsWith(page, { campStartDate: "2026-07-02" });
  try {
    await page.goto("/ar/admin");
    await expect(page.getByRole("region", { name: "فترات المخيم لا تتبع تاريخ البدء" }).getByRole("link", { name: "مخيم الصغار" })).toBeVisible();
    await page.goto(`/ar/admin/settings/camps/${original.id}`);
    const warning = page.getByRole("region", { name: "هذه الفترات لا تتبع تاريخ بدء الموسم" });
    await expect(warning).toContainText("من 2 يوليو إلى 21 يوليو، من 22 يوليو إلى 11 أغسطس");
    await warning.getByRole("button", { name: "تعيين الفترات من تاريخ البدء" }).click();
    await expect(page.getByRole("status").filter({ hasText: "تم تعيين الفترات من تاريخ البدء." })).toBeVisible();
    await expect(warning).toHaveCount(0);

    await page.goto("/ar/summer-camp");
    const card = page.getByRole("article", { name: "مخيم الصغار" });
    await expect(card.getByRole("listitem").filter({ hasText: "من 2 يوليو إلى 21 يوليو" })).toBeVisible();
    await expect(card.getByRole("listitem").filter({ hasText: "من 22 يوليو إلى 11 أغسطس" })).toBeVisible();
  } finally {
    await restore(page, original, campStartDate);
  }
});
