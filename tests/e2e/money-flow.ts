import { randomBytes } from "node:crypto";
import { request as apiRequest } from "@playwright/test";
import { expect, type Page } from "./fixtures";
import { createAdminAccount } from "./accounts";
import { COURSE, LABELS, freestGroup } from "./enrol-flow";
import type { PaymentsServer } from "./payments-server";

const TEXT = {
  en: {
    code: "Promo code (optional)",
    apply: "Apply code",
    applied: "applied",
    pay: /^Pay \u2066?\$[\d,.]+\u2069? online$/,
    paid: "Paid. The child is enrolled",
    invoices: "Invoices and payments",
    heading: "Invoices",
    status: "Paid",
    settled: "Nothing owed in USD",
  },
  ar: {
    code: "رمز الخصم (اختياري)",
    apply: "طبّق الرمز",
    applied: "تم تطبيق الرمز",
    pay: /^ادفع .+ إلكترونيًا$/,
    paid: "تمّ الدفع. الطفل مسجَّل",
    invoices: "الفواتير والمدفوعات",
    heading: "الفواتير",
    status: "مدفوعة",
    settled: "لا يوجد مبلغ مستحق بعملة USD",
  },
} as const;

/** A 25 % code made by a fresh staff account on the keyed server, through its own API context (the parent's cookies untouched). */
async function makeCode(payments: PaymentsServer): Promise<string> {
  const staff = await createAdminAccount(`money-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Money Staff", payments.dataDir);
  const api = await apiRequest.newContext({ baseURL: payments.url });
  try {
    expect((await api.post("/api/admin/login", { data: { email: staff.email, password: staff.password } })).status()).toBe(200);
    const code = `PAID-${randomBytes(3).toString("hex").toUpperCase()}`;
    const made = await api.post("/api/admin/promo-codes", {
      data: { code, kind: "percent", percent: 25, maxUses: 50, appliesTo: "courses" },
      headers: { origin: payments.url },
    });
    expect(made.status(), await made.text()).toBe(201);
    return code;
  } finally {
    await api.dispose();
  }
}

/**
 * Issue 31's walk: a signed-in parent enrols a child in the course group with the most seats left,
 * applies a promo code (the total goes down), pays through the Stripe stand-in's checkout, and finds
 * the paid invoice, at the discounted total, in /account/invoices with nothing owed. With or without
 * JavaScript (forms post, links are links).
 */
export async function enrolWithCodePayAndSeeInvoice(page: Page, payments: PaymentsServer, lang: "en" | "ar", width: number) {
  await page.setViewportSize({ width, height: 900 });
  const t = { ...LABELS[lang], ...TEXT[lang] };
  const prefix = lang === "ar" ? "/ar" : "";
  const code = await makeCode(payments);
  const email = `money-${lang}-${randomBytes(4).toString("hex")}@example.com`;
  expect(
    (
      await page.request.post(`${payments.url}/register`, {
        data: { username: "Lina Haddad", email, password: "Parent-Passw0rd", contactNumber: "9876543210" },
      })
    ).status(),
  ).toBe(201);
  expect((await page.request.post(`${payments.url}/login`, { data: { email, password: "Parent-Passw0rd" } })).status()).toBe(200);

  const api = await (await page.request.get(`${payments.url}/api/courses/${COURSE}/sections`)).json();
  const section = freestGroup(api.sections as { id: number; minAge: number; seatsLeft: number }[]);
  await page.goto(`${payments.url}${prefix}/courses/${COURSE}#enrol`);
  await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
  await page.getByLabel(t.childName, { exact: true }).fill("Omar Haddad");
  await page.getByLabel(t.childAge, { exact: true }).fill(String(section.minAge));
  await page.getByLabel(t.parentName, { exact: true }).fill("Lina Haddad");
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.phone, { exact: true }).fill("9876543210");
  await page.getByLabel(t.code, { exact: true }).fill(code);
  await page.getByRole("button", { name: t.apply, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: t.applied })).toBeVisible();
  const rows = page.locator("[data-price-summary] tr");
  await expect(rows).toHaveCount(3);
  const total = (await rows.last().locator("td").innerText()).trim();
  await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
  await page.getByRole("button", { name: t.submit, exact: true }).click();

  // The payment page (the seat held), then the stand-in's checkout, then back: paid.
  await expect(page).toHaveURL(new RegExp(`^${payments.url}${prefix}/payments/enrolment\\?token=`));
  await page.getByRole("button", { name: t.pay }).click();
  await expect(page.getByRole("heading", { name: "Checkout (Stripe stand-in)" })).toBeVisible();
  await page.getByRole("button", { name: /^Pay / }).click();
  // The event is processed by a job (decision 094): reload until it is (as the page asks without script).
  await expect(async () => {
    if (!(await page.getByTestId("payment-state").innerText()).includes(t.paid)) await page.reload();
    await expect(page.getByTestId("payment-state")).toContainText(t.paid, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

  // The account's invoices: reached from /account by its link.
  await page.goto(`${payments.url}${prefix}/account`);
  await page.getByRole("link", { name: t.invoices, exact: true }).click();
  await expect(page).toHaveURL(`${payments.url}${prefix}/account/invoices`);
  await expect(page.getByRole("heading", { level: 1, name: t.heading, exact: true })).toBeVisible();
  const invoice = page.locator("[data-invoice]");
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toHaveAttribute("data-status", "paid");
  await expect(invoice).toContainText(t.status);
  await expect(invoice).toContainText("Omar Haddad");
  // Total and paid are the discounted total; nothing outstanding, no pay link.
  await expect(invoice.locator("dd").filter({ hasText: total })).toHaveCount(2);
  await expect(page.getByTestId("balances")).toContainText(t.settled);
  await expect(invoice.getByRole("link", { name: t.pay })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === "ar" ? "rtl" : "ltr");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/account-invoices-${lang}-${width}.png`, fullPage: true });
}

const VIEW = {
  en: {
    title: "Money",
    collected: "Collected",
    show: "Show",
    funnel: "From demo class to paid enrolment",
    bad: "Please enter a valid date.",
    none: "No payments or open invoices.",
  },
  ar: {
    title: "الملخص المالي",
    collected: "المحصَّل",
    show: "اعرض",
    funnel: "من الحصة التجريبية إلى التسجيل المدفوع",
    bad: "يرجى إدخال تاريخ صحيح.",
    none: "لا مدفوعات ولا فواتير غير مدفوعة.",
  },
} as const;

/**
 * Staff open the dashboard's money view after the walks above paid their invoices: this month's
 * dollars collected are shown per currency, a chosen period is a plain GET form, and a period that
 * is not a date falls back to this month with the message.
 */
export async function staffMoneyView(page: Page, payments: PaymentsServer, lang: "en" | "ar", width: number) {
  await page.setViewportSize({ width, height: 900 });
  const prefix = lang === "ar" ? "/ar" : "";
  const t = VIEW[lang];
  const staff = await createAdminAccount(`money-view-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Money Staff", payments.dataDir);
  expect((await page.request.post(`${payments.url}/api/admin/login`, { data: { email: staff.email, password: staff.password } })).status()).toBe(200);
  await page.goto(`${payments.url}${prefix}/admin#money`);
  const view = page.locator("section#money");
  await expect(view.getByRole("heading", { level: 2, name: t.title, exact: true })).toBeVisible();
  const usd = view.locator('[data-testid="money-totals"] [data-currency="USD"] [data-figure="collected"] dd');
  await expect(usd).not.toHaveText(/^\$?0$|^US\$ ?0$/);
  await expect(view.locator('[data-breakdown="course"]')).toBeVisible();
  await expect(view.getByText(t.funnel)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (process.env.SHOTS_DIR) await view.screenshot({ path: `${process.env.SHOTS_DIR}/money-view-${lang}-${width}.png` });
  // A chosen period (last year: nothing collected, and every invoice of these walks is paid), by the form's GET.
  await view.locator('input[name="from"]').fill("2025-01-01");
  await view.locator('input[name="to"]').fill("2025-03-31");
  await view.getByRole("button", { name: t.show, exact: true }).click();
  await expect(page).toHaveURL(/from=2025-01-01&to=2025-03-31/);
  await expect(view.getByText(t.none)).toBeVisible();
  // A typed address with a period that is not one: this month, and the message.
  await page.goto(`${payments.url}${prefix}/admin?from=2025-02-30#money`);
  await expect(view.getByRole("alert")).toContainText(t.bad);
}
