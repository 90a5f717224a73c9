import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { createAdminAccount, waitForResetLink } from "./accounts";

/**
 * Every account form without JavaScript (issue 14): real posts to the page, refusals rendered
 * back in the page's language beside the fields (e-mail kept, passwords never), success through
 * post/redirect/get with the same message as the enhanced form's toast, and the stored effect.
 */

const unique = () => randomBytes(4).toString("hex");

const en = {
  prefix: "",
  email: "E-mail",
  password: "Password",
  newPassword: "New password",
  name: "Full name",
  contact: "Contact number",
  login: "Log in",
  signup: "Sign up",
  send: "Send reset link",
  save: "Save new password",
  staff: "Sign in",
  logout: "Log out",
  loginOk: "Login successful!",
  loginFailed: "Login failed: Invalid e-mail or password.",
  signedUp: "Your account is ready and you are signed in.",
  taken: "An account with this e-mail already exists.",
  resetSent: "If an account exists for this e-mail, we have sent a link to reset the password.",
  resetDone: "Your password has been changed. Please log in with the new password.",
  resetInvalid: "This reset link is invalid, already used or expired.",
  notStaff: "This sign-in is for staff only. Your account has no access to the admin area.",
  loggedOut: "You have been logged out.",
  required: "This field is required.",
  passwordRules: "Use at least 8 characters with an upper-case letter, a lower-case letter and a digit.",
  menu: (name: string) => `Account menu for ${name}`,
};

/** The submit buttons' Arabic names, read from the page rather than repeated here. */
const submit = (page: Page, name: string) => (name ? page.getByRole("button", { name, exact: true }) : page.locator("main form button[type=submit]"));

async function register(request: APIRequestContext, username = "Asha Kumari Rao") {
  const account = { username, email: `nojs-${unique()}@example.com`, password: "Sunflower9", contactNumber: "9876543210" };
  expect((await request.post("/register", { data: account })).status()).toBe(201);
  return account;
}

/** Signs in through the JSON API in a separate request context: proves the password works. */
async function passwordWorks(request: APIRequestContext, email: string, password: string) {
  return (await request.post("/login", { data: { email, password } })).status() === 200;
}

async function logIn(page: Page, t: typeof en, email: string, password: string, query = "") {
  await page.goto(`${t.prefix}/login${query}`);
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await submit(page, t.login).click();
}

// One walk per language (decision 133): these forms' Arabic refusals are walked, posted before any
// script runs, by the accessibility walk ("axe on the account forms' refusals"), and the Arabic
// pages with script by accounts.spec.ts.
for (const t of [en]) {
  const lang = t.prefix ? "Arabic" : "English";

  test.describe(`account forms without JavaScript (${lang})`, () => {
    // One walk: a wrong password refused, the right one signing in, a logout link (GET) ending no
    // session, then the log-out from the account menu.
    test("login: a wrong password is refused on the page; the right one signs in and shows the menu; a logout link (GET) ends no session; the menu logs out", async ({
      page,
      request,
    }) => {
      const account = await register(request, t.prefix ? "سارة أحمد" : "Asha Kumari Rao");
      const refused = page.waitForResponse((response) => response.request().method() === "POST");
      await logIn(page, t, account.email, "Wrong-passw0rd");
      expect((await refused).status()).toBe(401);
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/login$`));
      await expect(page.locator("main").getByRole("alert")).toHaveText(t.loginFailed);
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(account.email);
      await expect(page.getByLabel(t.password, { exact: true })).toHaveValue("");
      expect(await page.content()).not.toContain("Wrong-passw0rd");

      await page.getByLabel(t.password, { exact: true }).fill(account.password);
      await submit(page, t.login).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix || "/"}\\?notice=login-ok#form-notice$`));
      await expect(page.getByRole("status").filter({ hasText: t.loginOk })).toBeVisible();
      await expect(page.getByRole("button", { name: t.menu(account.username) })).toHaveText(t.prefix ? "سأ" : "AKR");

      // A logout link (GET) ends no session.
      await page.goto(`${t.prefix}/logout`);
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/login$`));
      expect((await page.request.get("/api/getUser")).status()).toBe(200);

      // The log-out from the account menu (a page without the login's #form-notice fragment).
      await page.goto(`${t.prefix}/`);
      const menu = page.getByRole("button", { name: t.menu(account.username) });
      // A menu opened by focus can close while the page settles: open it again until the click lands.
      await expect(async () => {
        await menu.click();
        await page.locator("header form[action$='/logout'] button").click({ timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/login\\?notice=logged-out#form-notice$`));
      await expect(page.getByRole("status").filter({ hasText: t.loggedOut })).toBeVisible();
      await expect(page.getByRole("button", { name: t.menu(account.username) })).toHaveCount(0);
    });

    test("sign-up: refusals beside the fields (400, 409), then an account that can sign in", async ({ page, request }) => {
      const email = `nojs-${unique()}@example.com`;
      await page.goto(`${t.prefix}/signup`);
      await page.getByLabel(t.email, { exact: true }).fill(email);
      await page.getByLabel(t.password, { exact: true }).fill("weakpass");
      const refused = page.waitForResponse((response) => response.request().method() === "POST");
      await submit(page, t.signup).click();
      expect((await refused).status()).toBe(400);
      await expect(page.getByLabel(t.name)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(t.required).first()).toBeVisible();
      if (t.passwordRules) await expect(page.getByText(t.passwordRules, { exact: true })).toBeVisible();
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(email);
      await expect(page.getByLabel(t.password, { exact: true })).toHaveValue("");

      // 409: the e-mail of an existing account, on the e-mail field.
      const existing = await register(request);
      await page.getByLabel(t.name).fill("Another Parent");
      await page.getByLabel(t.email, { exact: true }).fill(existing.email);
      await page.getByLabel(t.password, { exact: true }).fill("Sunflower9");
      await page.getByLabel(t.contact).fill("9876543210");
      const conflict = page.waitForResponse((response) => response.request().method() === "POST");
      await submit(page, t.signup).click();
      expect((await conflict).status()).toBe(409);
      await expect(page.getByLabel(t.email, { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("form").getByText(t.taken)).toBeVisible();
      await expect(page.getByLabel(t.name)).toHaveValue("Another Parent");

      await page.getByLabel(t.email, { exact: true }).fill(email);
      await page.getByLabel(t.password, { exact: true }).fill("Sunflower9");
      await submit(page, t.signup).click();
      // Signed in at once, on the account, a "confirm your e-mail" link on its way (issue 42, step 5).
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/account\\?notice=account-created#form-notice$`));
      await expect(page.getByRole("status").filter({ hasText: t.signedUp })).toBeVisible();
      expect(await passwordWorks(request, email, "Sunflower9")).toBe(true);
    });

    test("forgot and reset password: a refusal by the field, the mail, a weak password refused, the new one signs in, the spent link refused, and a link spent while its page was open", async ({
      page,
      request,
    }) => {
      const account = await register(request, "Reset Person");
      await page.goto(`${t.prefix}/forgot-password`);
      await page.getByLabel(t.email, { exact: true }).fill("not-an-email");
      await submit(page, t.send).click();
      await expect(page.getByLabel(t.email, { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue("not-an-email");

      await page.getByLabel(t.email, { exact: true }).fill(account.email);
      await submit(page, t.send).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/forgot-password\\?notice=reset-link-sent#form-notice$`));
      await expect(page.getByRole("status").filter({ hasText: t.resetSent })).toBeVisible();
      const link = await waitForResetLink(account.email);
      const path = new URL(link).pathname.replace(/^\/(ar\/)?/, `${t.prefix}/`) + new URL(link).search;

      await page.goto(path);
      await page.getByLabel(t.newPassword).fill("short");
      await submit(page, t.save).click();
      await expect(page.getByLabel(t.newPassword)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(t.newPassword)).toHaveValue("");
      await page.getByLabel(t.newPassword).fill("Brand-New-Passw0rd");
      await submit(page, t.save).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/login\\?notice=password-changed#form-notice$`));
      await expect(page.getByRole("status").filter({ hasText: t.resetDone })).toBeVisible();
      expect(await passwordWorks(request, account.email, "Brand-New-Passw0rd")).toBe(true);
      expect(await passwordWorks(request, account.email, account.password)).toBe(false);

      await page.goto(path);
      await expect(page.locator("main").getByRole("alert")).toContainText(t.resetInvalid);
      await expect(page.getByLabel(t.newPassword)).toHaveCount(0);

      // A reset link spent while its page was open is refused on the page.
      const racer = await register(request, "Reset Race");
      expect((await request.post("/api/password/forgot", { data: { email: racer.email } })).status()).toBe(200);
      const raceLink = new URL(await waitForResetLink(racer.email));
      await page.goto(`${t.prefix}/reset-password${raceLink.search}`);
      const token = raceLink.searchParams.get("token");
      expect((await request.post("/api/password/reset", { data: { token, password: "Other-Passw0rd" } })).status()).toBe(200);
      await page.getByLabel(t.newPassword).fill("Brand-New-Passw0rd");
      const refused = page.waitForResponse((response) => response.request().method() === "POST");
      await submit(page, t.save).click();
      expect((await refused).status()).toBe(400);
      await expect(page.locator("main").getByRole("alert")).toContainText(t.resetInvalid);
      expect(await passwordWorks(request, racer.email, "Brand-New-Passw0rd")).toBe(false);
    });

    test("staff sign-in: a parent is refused with the message; staff reach the admin page asked for, and log out from the admin area", async ({
      page,
      request,
    }) => {
      const parent = await register(request, "Parent Only");
      await page.goto(`${t.prefix}/admin/login`);
      await page.getByLabel(t.email, { exact: true }).fill(parent.email);
      await page.getByLabel(t.password, { exact: true }).fill(parent.password);
      const refused = page.waitForResponse((response) => response.request().method() === "POST");
      await submit(page, t.staff).click();
      expect((await refused).status()).toBe(403);
      await expect(page.locator("main").getByRole("alert")).toHaveText(t.loginFailed.replace(/:.*/, `: ${t.notStaff}`));
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(parent.email);
      await expect(page.getByLabel(t.password, { exact: true })).toHaveValue("");

      const staff = await createAdminAccount(`staff-${unique()}@example.com`, "Staff-Passw0rd", "Hana Staff");
      await page.goto(`${t.prefix}/admin/users`);
      await expect(page).toHaveURL(/\/admin\/login\?next=/);
      await page.getByLabel(t.email, { exact: true }).fill(staff.email);
      await page.getByLabel(t.password, { exact: true }).fill(staff.password);
      await submit(page, t.staff).click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/users\\?notice=login-ok#form-notice$`));
      await expect(page.getByRole("status").filter({ hasText: t.loginOk })).toBeVisible();

      // The log-out from the admin area.
      await page.locator("aside form[action$='/logout'] button").click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/login\\?notice=logged-out#form-notice$`));
      await page.goto(`${t.prefix}/admin`);
      await expect(page).toHaveURL(/\/admin\/login\?next=/);
    });
  });
}
