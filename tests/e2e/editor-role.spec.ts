import { expect, test } from "./fixtures";
import { ADMIN_HOME, provenParent, signInAsAdmin } from "./accounts";

/** Issue 16: an admin makes someone an editor, who then writes content but sees no accounts or settings. */
test("an editor works on content but has no users, settings or audit log, in both languages", async ({ page, browser, request }) => {
  // Staff power goes only to a proven e-mail (decision 042): this one opened a reset link.
  const email = await provenParent(request, "editor");
  const password = "Parent-Passw0rd";

  await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("table", { name: "Users" }).getByRole("link", { name: "Mona Wait" }).click();
  // React Router discovers the new page's links (/__manifest) just after it renders; a save that
  // lands in that window can lose its revalidated data (remix-run/react-router#13079). A person is
  // never that fast; the test waits for it.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  page.once("dialog", (dialog) => void dialog.accept());
  const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === "PATCH"), page.getByRole("button", { name: "Save role" }).click()]);
  expect(answer.status()).toBe(200);
  await expect(page.getByRole("definition").filter({ hasText: "Staff (editor)" })).toBeVisible();

  const context = await browser.newContext();
  const editor = await context.newPage();
  try {
    await editor.goto("/admin/login");
    await editor.getByLabel("E-mail", { exact: true }).fill(email);
    await editor.getByLabel("Password", { exact: true }).fill(password);
    await editor.getByRole("button", { name: "Sign in" }).click();
    await expect(editor).toHaveURL(ADMIN_HOME);
    for (const t of [
      { prefix: "", nav: "Admin", blogs: "Blogs", hidden: ["Users", "Settings", "Audit log"] },
      { prefix: "/ar", nav: "الإدارة", blogs: "المدونات", hidden: ["المستخدمون", "الإعدادات", "سجل التدقيق"] },
    ]) {
      await editor.goto(`${t.prefix}/admin`);
      const nav = editor.getByRole("navigation", { name: t.nav });
      await expect(nav.getByRole("link", { name: t.blogs })).toBeVisible();
      for (const name of t.hidden) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
      for (const path of ["/admin/users", "/admin/settings", "/admin/settings/money", "/admin/audit"]) {
        const response = await editor.goto(`${t.prefix}${path}`);
        expect(response?.status(), path).toBe(403);
      }
      expect((await editor.goto(`${t.prefix}/admin/blogs`))?.status()).toBe(200);
    }
  } finally {
    await context.close();
  }
});
