import { randomBytes } from "node:crypto";
import { expect, scriptWalkLangs, test, type Page } from "./fixtures";
import { createAdminAccount } from "./accounts";
import { COURSE, freestGroup } from "./enrol-flow";

const LABELS = {
  en: {
    method: "Method",
    cash: "Cash",
    amount: "Amount (USD)",
    reference: "Reference",
    submit: "Record payment",
    paid: "Paid",
    full: "is paid in full",
    statement: "The family's statement",
    settled: "Settled (USD)",
    apply: "Show invoices",
  },
  ar: {
    method: "طريقة الدفع",
    cash: "نقدًا",
    amount: "المبلغ (USD)",
    reference: "المرجع",
    submit: "تسجيل الدفعة",
    paid: "مدفوعة",
    full: "مدفوعة بالكامل",
    statement: "كشف حساب العائلة",
    settled: "الحساب مسدَّد (USD)",
    apply: "عرض الفواتير",
  },
} as const;

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

/** A family enrols (an open invoice at the course's price); staff sign in through the API. */
async function openInvoiceAndStaff(page: Page, lang: "en" | "ar") {
  const api = await (await page.request.get(`/api/courses/${COURSE}/sections`)).json();
  const section = freestGroup(api.sections as { id: number; minAge: number; seatsLeft: number }[]);
  const email = `desk-${lang}-${randomBytes(4).toString("hex")}@example.com`;
  const enrolled = await page.request.post(`/api/sections/${section.id}/enrolments?lang=${lang}`, {
    data: { childName: "Yusuf Desk", childAge: section.minAge, parentName: "Mariam Desk", email, phone: "+91 98765 43210" },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const account = await createAdminAccount(`desk-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Desk Staff");
  expect((await page.request.post("/api/admin/login", { data: { email: account.email, password: account.password } })).status()).toBe(200);
  return email;
}

/**
 * Issue 31 part 3: staff find an open invoice, record a cash payment with its reference at the desk
 * (a plain form post), see the invoice paid and the family's statement settled; at 390 px, with
 * the same screens photographed on a desktop.
 */
for (const lang of scriptWalkLangs) {
  test(`staff record a desk payment and the statement is settled at 390 px and desktop (${lang})`, async ({ page }) => {
    test.setTimeout(60_000);
    const t = LABELS[lang];
    const prefix = lang === "ar" ? "/ar" : "";
    const email = await openInvoiceAndStaff(page, lang);
    for (const [label, width] of [
      ["desktop", 1280],
      ["390", 390],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${prefix}/admin/billing?status=open`);
      await shot(page, `billing-list-${lang}-${label}`);
    }
    await page.getByLabel(lang === "ar" ? "البريد الإلكتروني للعائلة أو اسمها أو رقم الفاتورة" : "Family e-mail, name or invoice number").fill(email);
    await page.getByRole("button", { name: t.apply }).click();
    const row = page.locator("tr[data-invoice]");
    await expect(row).toHaveCount(1);
    await row.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/billing/invoices/\\d+$`));
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, `billing-invoice-${lang}-desktop`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `billing-invoice-${lang}-390`);
    await page.getByLabel(t.method).selectOption({ label: t.cash });
    await expect(page.getByLabel(t.amount)).not.toHaveValue("");
    await page.getByLabel(t.reference).fill("Receipt 4512");
    await page.getByRole("button", { name: t.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: t.full })).toBeVisible();
    await expect(page.locator("header [data-status]")).toHaveText(t.paid);
    await expect(page.locator("[data-payment]").filter({ hasText: "Receipt 4512" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `billing-invoice-paid-${lang}-390`);
    await page.getByRole("link", { name: t.statement }).click();
    await expect(page.locator("[data-balance='USD']")).toHaveText(t.settled);
    await expect(page.locator("tr[data-kind]")).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `billing-statement-${lang}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.locator("[data-balance='USD']")).toHaveText(t.settled);
    await shot(page, `billing-statement-${lang}-desktop`);
  });
}

/** The tax rate is typed as a percent on the settings screen and stored in basis points (decision 090). */
for (const lang of scriptWalkLangs) {
  test(`staff type the tax rate as a percent on the settings screen (${lang})`, async ({ page }) => {
    const prefix = lang === "ar" ? "/ar" : "";
    const account = await createAdminAccount(`tax-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Tax Staff");
    expect((await page.request.post("/api/admin/login", { data: { email: account.email, password: account.password } })).status()).toBe(200);
    const before = (await (await page.request.get("/api/admin/settings")).json()).settings;
    await page.goto(`${prefix}/admin/settings/money`);
    const label =
      lang === "ar" ? { percent: "نسبة الضريبة (%)", name: "اسم الضريبة", save: /حفظ/ } : { percent: "Tax rate (%)", name: "Tax name", save: /Save/ };
    await page.getByLabel(label.name, { exact: true }).fill("GST");
    await page.getByLabel(label.percent, { exact: true }).fill("5.5");
    const legend = page.locator("fieldset").filter({ has: page.getByLabel(label.percent, { exact: true }) });
    for (const [name, width] of [
      ["390", 390],
      ["desktop", 1280],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await legend.scrollIntoViewIfNeeded();
      if (process.env.SHOTS_DIR) await legend.screenshot({ path: `${process.env.SHOTS_DIR}/settings-tax-${lang}-${name}.png` });
    }
    await page.getByRole("button", { name: label.save }).first().click();
    await expect.poll(async () => (await (await page.request.get("/api/admin/settings")).json()).settings.taxRateBp).toBe(550);
    // Back as it was, for the walks after this one.
    expect((await page.request.put("/api/admin/settings", { data: before })).status()).toBe(200);
  });
}
