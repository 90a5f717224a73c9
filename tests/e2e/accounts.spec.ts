import { randomBytes } from "node:crypto";
import { expect, test, waitForHydration, type Page, shot } from "./fixtures";
import { startGoogleStandIn, type GoogleStandIn } from "~server/test/google-stand-in";
import { createAdminAccount, waitForResetLink } from "./accounts";

const port = Number(process.env.E2E_PORT ?? 3210);
const origin = `http://127.0.0.1:${port}`;
const unique = () => randomBytes(4).toString("hex");
const toast = (page: Page, text: string) => page.locator(".Toastify").getByRole("alert").filter({ hasText: text });
/**
 * A form's outcome: the toast once the page is hydrated, or, when the form was sent before that
 * (tests type right after loading), the page's notice after the redirect or its alert.
 */
const said = (page: Page, text: string) => page.locator(".Toastify [role=alert], main [role=alert], [role=status]").filter({ hasText: text }).first();
/** The URL a form ends on; a post sent before hydration adds the notice of post/redirect/get. */
const landed = (path: string, notice: string) => new RegExp(`^${origin}${path}(\\?notice=${notice}#form-notice)?$`);

// Forms work before hydration: tests type and send right after loading (issue 14).
test.use({ waitForHydrationOnLoad: false });

/** An account made through the API, as a visitor would through the sign-up page. */
async function registerAccount(page: Page, username = "Asha Kumari Rao") {
  const account = { username, email: `parent-${unique()}@example.com`, password: "Sunflower9", contactNumber: "9876543210" };
  const res = await page.request.post("/register", { data: account });
  expect(res.status()).toBe(201);
  return account;
}

async function logIn(page: Page, email: string, password: string, prefix = "") {
  await page.goto(`${prefix}/login`);
  await page.getByLabel(prefix ? "البريد الإلكتروني" : "E-mail", { exact: true }).fill(email);
  await page.getByLabel(prefix ? "كلمة المرور" : "Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: prefix ? "تسجيل الدخول" : "Log in", exact: true }).click();
}

test.describe("sign-up, login, session and logout", () => {
  // One walk in English through the login page's links, sign-up with its refusals (the client's
  // password rule, the server's phone rule and its 409 on the e-mail), a wrong password, the
  // sign-in, a reload and the log-out: the rules themselves are the API tests' (accounts.api.test.ts).
  test("signs up, is refused a second account, logs in after a wrong password, stays signed in after a reload and logs out", async ({ page }) => {
    const email = `asha-${unique()}@example.com`;
    await page.goto("/login");
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: "Continue with Google" })).toHaveAttribute("href", "/auth/google?next=%2F");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Full name").fill("Asha Kumari Rao");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("weakpass");
    await page.getByLabel("Contact number").fill("98765");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Use at least 8 characters with an upper-case letter, a lower-case letter and a digit.", { exact: true }).last()).toBeVisible();
    // The phone number is checked by the server only (decision 070): its message comes with the answer.
    await page.getByLabel("Password", { exact: true }).fill("Sunflower9");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
    await expect(page.getByLabel("Contact number")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Contact number").fill("9876543210");
    await page.getByRole("button", { name: "Sign up" }).click();
    // Signed in at once, on the account, a "confirm your e-mail" link on its way (issue 42, step 5).
    await expect(page).toHaveURL(landed("/account", "account-created"));
    await expect(said(page, "Your account is ready and you are signed in.")).toBeVisible();
    await expect(page.getByTestId("email-proof-note")).toBeVisible();
    await page.context().clearCookies();

    // The same e-mail again: the server's 409 lands on the e-mail field.
    await page.goto("/signup");
    await page.getByLabel("Full name").fill("Another Parent");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Sunflower9");
    await page.getByLabel("Contact number").fill("9876543210");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("form").getByText("An account with this e-mail already exists.")).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);

    await logIn(page, email, "Wrong-passw0rd");
    await expect(said(page, "Login failed: Invalid e-mail or password.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: /Account menu/ })).toHaveCount(0);

    await logIn(page, email, "Sunflower9");
    await expect(said(page, "Login successful!")).toBeVisible();
    await expect(page).toHaveURL(landed("/", "login-ok"));
    const menu = page.getByRole("button", { name: "Account menu for Asha Kumari Rao" });
    await expect(menu).toHaveText("AKR");

    await page.reload();
    await expect(menu).toHaveText("AKR");

    await menu.click();
    await expect(page.getByText(email)).toBeVisible();
    const logout = page.waitForRequest((request) => request.url().endsWith("/logout") && request.method() === "POST");
    await page.getByRole("button", { name: "Log out" }).click();
    await logout;
    await expect(said(page, "You have been logged out.")).toBeVisible();
    await expect(page).toHaveURL(landed("/login", "logged-out"));
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: /Account menu/ })).toHaveCount(0);
  });

  // The script's own toasts, in one hydrated walk: a network error and a non-JSON answer on login,
  // a dropped log-out that keeps the session, and the session check on start failing.
  test("the script's toasts: login network error and non-JSON answer, failed logout, failed session check", async ({ page }) => {
    const account = await registerAccount(page, "Omar Ali");
    await page.context().clearCookies();
    await page.goto("/login");
    // These toasts are the enhanced form's: wait until the script sends it.
    await waitForHydration(page);
    await page.route("**/login", (route) => (route.request().method() === "POST" ? route.abort("connectionrefused") : route.fallback()));
    await page.getByLabel("E-mail", { exact: true }).fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(toast(page, "We could not reach the site. Check your internet connection and try again.")).toBeVisible();

    await page.unroute("**/login");
    await page.route("**/login", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }) : route.fallback(),
    );
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(toast(page, "Login failed due to unexpected server response.")).toBeVisible();
    await page.unroute("**/login");

    await page.getByRole("button", { name: "Log in", exact: true }).click();
    const menu = page.getByRole("button", { name: "Account menu for Omar Ali" });
    await expect(menu).toHaveText("OA");
    await expect(page).toHaveURL(landed("/", "login-ok"));
    await waitForHydration(page);
    await page.route("**/logout", (route) => route.abort("connectionrefused"));
    await menu.click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(toast(page, "Logging out failed because the connection to the site dropped. Check your internet connection and try again.")).toBeVisible();
    await expect(menu).toHaveText("OA");
    await page.unroute("**/logout");

    // The check runs on signed-in pages (an anonymous server-rendered page is already current).
    await page.route("**/api/getUser", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Service unavailable" }) }),
    );
    await page.goto("/courses");
    await waitForHydration(page);
    await expect(toast(page, "Could not verify user status: Service unavailable")).toBeVisible();
  });
});

test.describe("Arabic account pages on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // One walk with script in Arabic (decision 133): sign-up at 390 px with an international number
  // and the show-password button, then login back to /ar and the forgot-password page on a desktop.
  test("a parent abroad signs up in Arabic, right to left, shows the password, logs in back to /ar", async ({ page }) => {
    const email = `abroad-ar-${unique()}@example.com`;
    await page.goto("/ar/signup");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "أنشئ حسابك" })).toBeVisible();
    await expect(page.getByRole("link", { name: "تسجيل الدخول", exact: true }).last()).toHaveAttribute("href", "/ar/login");
    await page.getByRole("button", { name: "إنشاء حساب" }).click();
    await expect(page.getByText("هذا الحقل مطلوب.").first()).toBeVisible();
    await page.getByLabel("الاسم الكامل").fill("سارة أحمد");
    await page.getByLabel("البريد الإلكتروني", { exact: true }).fill(email);
    const password = page.getByLabel("كلمة المرور", { exact: true });
    await password.fill("Sunflower9");
    const toggle = page.getByRole("button", { name: "إظهار كلمة المرور" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveAttribute("type", "password");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("Sunflower9");
    // Passwords are typed left to right, in Arabic too: the button sits on the right, beside the text, not over it.
    const field = (await password.boundingBox())!;
    const button = (await toggle.boundingBox())!;
    expect(button.x).toBeGreaterThan(field.x + field.width / 2);
    await page.getByLabel("رقم التواصل").fill("+44 20 7946 0958");
    await shot(page, "signup-390-ar");
    await toggle.click();
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "إنشاء حساب" }).click();
    // Signed in at once, on the account (issue 42, step 5).
    await expect(page).toHaveURL(landed("/ar/account", "account-created"));

    // Login on a desktop, where the account menu sits in the header (on a phone it is inside the menu).
    await page.context().clearCookies();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, email, "Sunflower9", "/ar");
    await expect(said(page, "تم تسجيل الدخول بنجاح!")).toBeVisible();
    await expect(page).toHaveURL(landed("/ar", "login-ok"));
    await expect(page.getByRole("button", { name: "قائمة حساب سارة أحمد" })).toHaveText("سأ");

    await page.goto("/ar/forgot-password");
    await expect(page.getByRole("heading", { name: "نسيت كلمة المرور؟" })).toBeVisible();
    await expect(page.getByLabel("البريد الإلكتروني")).toBeVisible();
  });

  test("without JavaScript the password is a plain password field", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
    await context.close();
  });
});

test.describe("staff sign-in", () => {
  // One walk: a parent refused, staff let in to the page they asked for, and crafted next values
  // (issue 11) kept on the site by the form and by the signed-in login page. The 403 and the
  // path rules are the API and unit tests' (admin-login.api.test.ts, app/lib/next-path.test.ts).
  test("refuses a parent, lets staff in to the admin page they asked for, and keeps crafted next values on the site", async ({ page }) => {
    const account = await registerAccount(page, "Parent Only");
    await page.context().clearCookies();
    const staff = await createAdminAccount(`staff-${unique()}@example.com`, "Staff-Passw0rd", "Hana Staff");
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fusers$/);
    await page.getByLabel("E-mail", { exact: true }).fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The same words as the toast, shown on the page whether the form was enhanced or not.
    await expect(page.locator("main").getByRole("alert")).toHaveText(
      "Login failed: This sign-in is for staff only. Your account has no access to the admin area.",
    );
    await expect(page).toHaveURL(/\/admin\/login(\?next=%2Fadmin%2Fusers)?$/);
    expect((await page.request.get("/api/getUser")).status()).toBe(401);

    await page.goto("/admin/users");
    await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
    await page.getByLabel("Password", { exact: true }).fill(staff.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(landed("/admin/users", "login-ok"));
    // The staff area's own chrome names who is signed in (the public account menu is not there).
    await expect(page.getByRole("complementary").getByText("Hana Staff", { exact: true })).toBeVisible();

    const crafted = ["/.//evil.example", "/admin/..//evil.example", "/%2e//evil.example/admin"];
    // Signed in: the login page's server-side redirect.
    for (const next of crafted) {
      await page.goto(`/admin/login?next=${encodeURIComponent(next)}`);
      await expect(page, next).toHaveURL(`${origin}/admin`);
    }
    // Signed out: the form's own redirect after success, for a next outside the admin area and a crafted one.
    for (const next of ["//evil.example/admin", crafted[1]!]) {
      await page.context().clearCookies();
      await page.goto(`/admin/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
      await page.getByLabel("Password", { exact: true }).fill(staff.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page, next).toHaveURL(landed("/admin", "login-ok"));
    }
  });
});

test.describe("password reset", () => {
  test("asks for a link, sets a new password with it and logs in", async ({ page }) => {
    const account = await registerAccount(page, "Reset Person");
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("E-mail", { exact: true }).fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for this e-mail");
    const link = await waitForResetLink(account.email);

    await page.goto(link);
    await page.getByLabel("New password").fill("Brand-New-Passw0rd");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(said(page, "Your password has been changed")).toBeVisible();
    await expect(page).toHaveURL(landed("/login", "password-changed"));
    await logIn(page, account.email, "Brand-New-Passw0rd");
    await expect(said(page, "Login successful!")).toBeVisible();

    // The link worked once: opened again, it says so at once, with the way to a new one.
    await page.goto(link);
    await expect(page.locator("main").getByRole("alert")).toContainText("invalid, already used or expired");
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByLabel("New password")).toHaveCount(0);
  });
});

test.describe("Google sign-in with a local OpenID provider", () => {
  // The account menu after Google's redirect is the script's (its log-out sends /api/logout-user).
  test.use({ waitForHydrationOnLoad: true });
  let google: GoogleStandIn;
  test.beforeAll(async () => {
    google = await startGoogleStandIn(port + 1000);
  });
  test.afterAll(async () => {
    await google?.stop();
  });

  test("refuses an unverified Google e-mail, signs in a new Google account, recognises it again, and logs out through /api/logout-user", async ({ page }) => {
    // Refused first, with the message on the login page (the refusal itself: google.api.test.ts).
    google.signInAs({ sub: `g-${unique()}`, email: `unverified-${unique()}@example.com`, email_verified: false, name: "Not Verified" });
    await page.goto("/login");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/login\?error=unverified$/);
    await expect(page.locator("main").getByRole("alert")).toHaveText("Your Google account's e-mail is not verified, so we cannot sign you in with it.");
    await expect(page.getByRole("button", { name: /Account menu/ })).toHaveCount(0);

    const sub = `g-${unique()}`;
    const email = `google-${unique()}@example.com`;
    google.signInAs({ sub, email, email_verified: true, name: "Yusuf Karim Haddad" });
    await page.goto("/login");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(`${origin}/`);
    // Google's redirect loaded the page outside page.goto: the menu opens once React runs it.
    await waitForHydration(page);
    const menu = page.getByRole("button", { name: "Account menu for Yusuf Karim Haddad" });
    await expect(menu).toHaveText("YKH");

    await menu.click();
    const logout = page.waitForRequest((request) => request.url().endsWith("/api/logout-user") && request.method() === "POST");
    await page.getByRole("button", { name: "Log out" }).click();
    await logout;
    await expect(toast(page, "You have been logged out.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // Returning: same account, from the Arabic page back to /ar.
    await page.goto("/ar/login");
    await page.getByRole("link", { name: "المتابعة باستخدام Google" }).click();
    await expect(page).toHaveURL(`${origin}/ar`);
    await expect(page.getByRole("button", { name: "قائمة حساب Yusuf Karim Haddad" })).toHaveText("YKH");
  });
});
