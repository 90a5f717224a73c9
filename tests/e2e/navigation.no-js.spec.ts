import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { createAdminAccount } from "./accounts";

/**
 * What opens without JavaScript: the phone menu (a tap on its toggle opens it, focus inside shows
 * it, and its links are plain links) and the camp curriculum (shown on the page instead of a dialog).
 */
const menus = [
  { prefix: "", open: "Open menu", nav: "Main", blog: "Blog", dir: "ltr" },
  { prefix: "/ar", open: "فتح القائمة", nav: "القائمة الرئيسية", blog: "المدونة", dir: "rtl" },
];
const curricula = [
  { prefix: "", details: "View Complete Details", outcome: "Learning Outcome", enroll: "Enroll" },
  { prefix: "/ar", details: "عرض التفاصيل الكاملة", outcome: "نتيجة التعلّم", enroll: "سجّل" },
];

// One walk (issue 40): a browser context per check cost more than its page loads.
test("the camp curriculum shows on the page, and the public and staff phone menus open and navigate, without JavaScript, in both directions", async ({
  page,
}) => {
  for (const t of curricula) {
    await test.step(`camp curriculum shows on the page without JavaScript (${t.prefix || "/"})`, async () => {
      await page.goto(`${t.prefix}/summer-camp`);
      await expect(page.getByRole("columnheader", { name: t.outcome })).toHaveCount(0);
      await page.getByRole("button", { name: t.details }).first().click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/summer-camp\\?curriculum=[a-z0-9-]+#curriculum-`));
      const section = page.locator("section[id^='curriculum-']");
      await expect(section.getByRole("heading", { level: 2 })).toBeInViewport();
      await expect(section.getByRole("columnheader", { name: t.outcome })).toHaveCount(1);
      await expect(section.getByRole("row")).toHaveCount(11);
      await expect(section.getByRole("link", { name: new RegExp(t.enroll) })).toHaveAttribute("href", new RegExp(`${t.prefix}/enroll\\?camp=`));
    });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  for (const t of menus) {
    await test.step(`phone menu opens and navigates without JavaScript (${t.dir})`, async () => {
      await page.goto(`${t.prefix}/courses`);
      const nav = page.getByRole("navigation", { name: t.nav, exact: true });
      const blog = nav.getByRole("link", { name: t.blog, exact: true });
      await expect(blog).toBeHidden();
      await nav.getByRole("button", { name: t.open }).click();
      await expect(blog).toBeVisible();
      await blog.click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/blog$`));
      await expect(page.locator("html")).toHaveAttribute("dir", t.dir);
    });
  }

  // The staff area's phone menu opens without JavaScript.
  const staff = await createAdminAccount(`staff-${randomBytes(4).toString("hex")}@example.com`, "Staff-Passw0rd", "Nav Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\?notice=login-ok/, { waitUntil: "load" });
  const settings = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" });
  await expect(settings).toBeHidden();
  await expect(async () => {
    await page.getByRole("button", { name: "Admin menu" }).click();
    await settings.click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/admin\/settings$/);
});
