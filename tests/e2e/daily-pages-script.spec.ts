import { randomBytes } from "node:crypto";
import { expect, scriptWalkLangs, test, type Page } from "./fixtures";
import { ADMIN_HOME, signInAsAdmin } from "./accounts";

/**
 * Issue 40, decision 108: the booking page loads the enhancement script and its island (React DOM,
 * the calendar and the form) and no React Router; the staff dashboard, the billing desk, the
 * family's invoices and (decision 125) the family's /account ship without React to signed-in
 * people, and their menus still open.
 */

function watchScripts(page: Page) {
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname.replace(/^\/assets\//, ""));
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { scripts, problems };
}

test.describe("the booking page's island", () => {
  for (const lang of scriptWalkLangs) {
    test(`loads the island without React Router, and picks a day in place (${lang})`, async ({ page }) => {
      const { scripts, problems } = watchScripts(page);
      const prefix = lang === "ar" ? "/ar" : "";
      await page.goto(`${prefix}/courses/robotics-fundamentals/bookdemoclass`);
      await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
      expect(scripts.some((name) => name.startsWith("booking-island-"))).toBe(true);
      // No app runtime: React Router's client, the root layout, the app's entry.
      expect(scripts.filter((name) => /^(entry\.client|chunk-|root-)/.test(name))).toEqual([]);
      // A day chosen by the island shows its times without loading the page (no ?date= in the URL).
      await page
        .getByRole("button", { name: lang === "ar" ? /، توجد أوقات متاحة$/ : /, times available$/ })
        .first()
        .click();
      await expect(page.getByRole("button", { name: lang === "ar" ? /مقعد|مقاعد|مقعدان/ : /seats? left/ }).first()).toBeVisible();
      expect(new URL(page.url()).search).toBe("");
      expect(problems).toEqual([]);
    });
  }
});

test.describe("signed-in pages without React", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("staff: the dashboard and the billing desk load one script; the staff menu opens, Escape closes it; log-out posts (en, ar)", async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page).toHaveURL(ADMIN_HOME);
    for (const [path, open, close] of [
      ["/admin", "Admin menu", "Close admin menu"],
      ["/ar/admin/billing", null, null],
    ] as const) {
      const { scripts, problems } = watchScripts(page);
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
      expect(scripts.filter((name) => !name.startsWith("enhance-"))).toEqual([]);
      const toggle = page.locator("button[aria-controls=admin-menu]");
      const menu = page.locator("#admin-menu");
      await expect(menu).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(menu).toBeVisible();
      if (open && close) await expect(toggle).toHaveText(close);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
      if (open) await expect(toggle).not.toHaveText(close!);
      expect(problems).toEqual([]);
    }
    // The sign-out is a plain form: back to the staff sign-in, signed out.
    await page.locator("button[aria-controls=admin-menu]").click();
    await page.locator("aside form[action$='/logout'] button").click();
    await expect(page).toHaveURL(/\/ar\/admin\/login/);
    expect((await page.request.get("/api/getUser")).status()).toBe(401);
  });

  test("a parent: /account and the invoices page load one script; the account menu opens inside the phone menu and Escape closes only it (en, ar)", async ({
    page,
  }) => {
    const email = `invoices-${randomBytes(5).toString("hex")}@example.com`;
    expect(
      (await page.request.post("/register", { data: { username: "Nadia Invoice", email, password: "Parent-Passw0rd", contactNumber: "9876543210" } })).status(),
    ).toBe(201);
    expect((await page.request.post("/login", { data: { email, password: "Parent-Passw0rd" } })).status()).toBe(200);
    for (const [path, logout] of [
      ["/account", "Log out"],
      ["/ar/account", "تسجيل الخروج"],
      ["/account/invoices", "Log out"],
      ["/ar/account/invoices", "تسجيل الخروج"],
    ] as const) {
      const { scripts, problems } = watchScripts(page);
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
      // The enhancement script and, on /account, its lazily loaded "allow notifications" button (decision 131).
      expect(scripts.filter((name) => !name.startsWith("enhance-") && !name.startsWith("push-subscribe-"))).toEqual([]);
      await page.locator("button[aria-controls=main-menu]").click();
      const account = page.getByRole("button", { name: /Nadia Invoice/ });
      await account.click();
      await expect(account).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByRole("button", { name: logout })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("button", { name: logout })).toBeHidden();
      await expect(account).toBeFocused();
      // One Escape, one layer: the phone menu is still open.
      await expect(page.locator("button[aria-controls=main-menu]")).toHaveAttribute("aria-expanded", "true");
      expect(problems).toEqual([]);
    }
  });
});
