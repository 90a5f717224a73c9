import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { decodeMail } from "~server/test/smtp-catcher";
import { outboxMails } from "./accounts";
import { closedGroupWithClass } from "./closed-group";
import { expect, shot, type Browser, type BrowserContext, type Page } from "./fixtures";

/**
 * Guardians in the browser (issue 45 item 3, decision 139), at 390 px: the primary guardian invites
 * a payer and a pickup-only guardian from /account; each opens the mailed link, signs in with their
 * own account, accepts, and sees only their part (the payer the invoices, the pickup guardian the
 * pickup card with the child). Walked with script in Arabic and without in English (decision 133).
 */

const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";
const PASSWORD = "Guard-Passw0rd1";

const T = {
  en: {
    email: "E-mail",
    password: "Password",
    logIn: "Log in",
    fullName: "Full name",
    phone: "Contact number",
    signUp: "Create an account",
    signUpSubmit: "Sign up",
    theirEmail: "Their e-mail",
    language: "Invitation language",
    send: "Send the invitation",
    sent: "Invitation sent.",
    payer: "Payer",
    pickup: "Pickup only",
    signIn: "Sign in",
    accept: "Accept the invitation",
    joined: "You joined the family.",
    guardians: "Guardians",
    pickupHeading: "Pickup",
    invoices: "Invoices and payments",
    invoicesTitle: "Invoices",
  },
  ar: {
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    logIn: "تسجيل الدخول",
    fullName: "الاسم الكامل",
    phone: "رقم التواصل",
    signUp: "إنشاء حساب",
    signUpSubmit: "إنشاء حساب",
    theirEmail: "بريده الإلكتروني",
    language: "لغة الدعوة",
    send: "إرسال الدعوة",
    sent: "أُرسلت الدعوة.",
    payer: "مسؤول الدفع",
    pickup: "الاستلام فقط",
    signIn: "تسجيل الدخول",
    accept: "قبول الدعوة",
    joined: "انضممتم إلى العائلة.",
    guardians: "أولياء الأمور",
    pickupHeading: "الاستلام",
    invoices: "الفواتير والمدفوعات",
    invoicesTitle: "الفواتير",
  },
} as const;

function openDb() {
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

/** An account made through the API (a cookie jar of its own), its e-mail proven in the database. */
async function account(browser: Browser, tag: string, who: string, javaScriptEnabled: boolean) {
  const email = `${who}-${tag}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 900 } });
  const made = await context.request.post("/register", { data: { username: `${who} ${tag}`, email, password: PASSWORD, contactNumber: "9876543210" } });
  expect(made.status()).toBe(201);
  const db = openDb();
  db.prepare("update users set email_verified_at = ? where email = ?").run(new Date().toISOString(), email);
  db.close();
  return { email, context, page: await context.newPage() };
}

/** The primary's child in a closed group with a class next week (so the pickup card has a class to collect from). */
function enrolChild(email: string, child: string) {
  const db = openDb();
  closedGroupWithClass(db, [{ name: child, email, parent: "Primary" }]);
  db.close();
}

/** The invitation's link of that language, from the outbox (the server writes mail there without SMTP). */
async function inviteLink(email: string, prefix: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const mail = outboxMails().find((raw) => raw.includes(`To: ${email}`));
      const found = mail ? [...decodeMail(mail).text.matchAll(/https?:\/\/[^\s/]+(\/\S*)?\/guardian-invite\?token=[\w-]+/g)] : [];
      link = found.find((one) => (one[1] ?? "") === prefix)?.[0] ?? "";
      return link;
    })
    .toContain("token=");
  return new URL(link).pathname + new URL(link).search;
}

async function invite(page: Page, t: (typeof T)["en" | "ar"], lang: "en" | "ar", email: string, role: string) {
  const form = page.locator("#account-guardian-invite-form");
  await form.getByLabel(t.theirEmail).fill(email);
  await form.getByRole("radio", { name: role }).check();
  await form.getByLabel(t.language).selectOption(lang);
  await form.getByRole("button", { name: t.send }).click();
  await expect(page.getByText(t.sent)).toBeVisible();
}

/**
 * The invited guardian opens the link, signs in from it with their own account (or creates one
 * there: `newAccount`), comes back to the link and accepts.
 */
async function accept(guardian: { email: string; page: Page }, t: (typeof T)["en" | "ar"], link: string, newAccount = false) {
  const { page } = guardian;
  await page.goto(link);
  if (newAccount) {
    await page.getByRole("link", { name: t.signUp, exact: true }).click();
    await page.getByLabel(t.fullName, { exact: true }).fill("Nadia Driver");
    await page.getByLabel(t.email, { exact: true }).fill(guardian.email);
    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(t.phone, { exact: true }).fill("9876543210");
    await page.getByRole("button", { name: t.signUpSubmit, exact: true }).click();
  } else {
    await page.getByRole("link", { name: t.signIn, exact: true }).click();
    await page.getByLabel(t.email, { exact: true }).fill(guardian.email);
    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: t.logIn, exact: true }).click();
  }
  await expect(page).toHaveURL(/\/guardian-invite\?token=/);
  if (newAccount) {
    await shot(page, `guardians-invite-${t.signIn === "Sign in" ? "en" : "ar"}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, `guardians-invite-${t.signIn === "Sign in" ? "en" : "ar"}-1280`);
    await page.setViewportSize({ width: 390, height: 900 });
  }
  await page.getByRole("button", { name: t.accept }).click();
  await expect(page).toHaveURL(/\/account\?notice=guardian-joined/);
  await expect(page.getByText(t.joined)).toBeVisible();
}

export async function guardiansWalk(browser: Browser, lang: "en" | "ar", javaScriptEnabled: boolean) {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  const tag = `g${lang}${javaScriptEnabled ? "js" : "nojs"}${randomBytes(3).toString("hex")}`;
  const child = `Yara ${tag}`;
  const primary = await account(browser, tag, "primary", javaScriptEnabled);
  const payer = await account(browser, tag, "payer", javaScriptEnabled);
  // The pickup guardian has no account yet: they make one from the invitation's page.
  const pickupContext = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 900 } });
  const pickup = { email: `pickup-${tag}@example.com`, context: pickupContext, page: await pickupContext.newPage() };
  enrolChild(primary.email, child);
  const contexts: BrowserContext[] = [primary.context, payer.context, pickup.context];
  try {
    // The primary guardian invites both from /account.
    expect((await primary.context.request.post("/login", { data: { email: primary.email, password: PASSWORD } })).status()).toBe(200);
    await primary.page.goto(`${prefix}/account`);
    await invite(primary.page, t, lang, payer.email, t.payer);
    await invite(primary.page, t, lang, pickup.email, t.pickup);
    await primary.page.locator("#guardians-heading").scrollIntoViewIfNeeded();
    await shot(primary.page, `guardians-primary-${lang}-390`);

    // The payer: the family's invoices, nothing of the children.
    await accept(payer, t, await inviteLink(payer.email, prefix));
    await expect(payer.page.getByRole("link", { name: t.invoices })).toBeVisible();
    await expect(payer.page.getByText(child)).toHaveCount(0);
    await expect(payer.page.getByRole("heading", { name: t.guardians })).toHaveCount(0);
    await shot(payer.page, `guardians-payer-${lang}-390`);
    await payer.page.getByRole("link", { name: t.invoices }).click();
    await expect(payer.page.getByRole("heading", { level: 1, name: t.invoicesTitle })).toBeVisible();
    expect((await payer.page.goto(`${prefix}/account/makeups`))?.status()).toBe(403);

    // The pickup guardian: the pickup card with the child and the next class; no invoices.
    await accept(pickup, t, await inviteLink(pickup.email, prefix), true);
    const card = pickup.page.locator("#pickup");
    await expect(card.getByRole("heading", { name: t.pickupHeading, exact: true })).toBeVisible();
    await expect(card.getByText(child)).toBeVisible();
    await expect(pickup.page.getByRole("link", { name: t.invoices })).toHaveCount(0);
    await shot(pickup.page, `guardians-pickup-${lang}-390`);
    expect((await pickup.page.goto(`${prefix}/account/invoices`))?.status()).toBe(403);

    // The primary lists both as joined.
    await primary.page.goto(`${prefix}/account#guardians`);
    await expect(primary.page.locator('#guardians [data-guardian="joined"]')).toHaveCount(2);
    await primary.page.setViewportSize({ width: 1280, height: 900 });
    await primary.page.locator("#guardians").scrollIntoViewIfNeeded();
    await shot(primary.page, `guardians-primary-${lang}-1280`);
    await pickup.page.setViewportSize({ width: 1280, height: 900 });
    await pickup.page.goto(`${prefix}/account`);
    await shot(pickup.page, `guardians-pickup-${lang}-1280`);
  } finally {
    for (const context of contexts) await context.close();
  }
}
