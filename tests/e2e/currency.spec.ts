import { randomBytes } from "node:crypto";
import { expect, scriptWalkLangs, test, type APIRequestContext } from "./fixtures";
import { createAdminAccount } from "./accounts";
import { COURSE, LABELS } from "./enrol-flow";
import { startPaymentsServer, type PaymentsServer } from "./payments-server";

/**
 * Money you can trust in the browser (decision 101), on the keyed server with the Stripe stand-in,
 * in English and Arabic at 390 px: with VAT 18 % added on top, the total shown before paying, the
 * amount the stand-in charges and the invoice's total are one number; a course priced in KWD shows
 * its 3 decimals on its page and on the invoice.
 */
let payments: PaymentsServer;
let staff: APIRequestContext;
let kwdSlug = "";

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  payments = await startPaymentsServer();
  const account = await createAdminAccount(`money-${randomBytes(4).toString("hex")}@example.com`, "Staff-Passw0rd", "Money Staff", payments.dataDir);
  staff = await playwright.request.newContext({ baseURL: payments.url, extraHTTPHeaders: { origin: payments.url } });
  expect((await staff.post("/api/admin/login", { data: { email: account.email, password: account.password } })).status()).toBe(200);
  const { settings } = await (await staff.get("/api/admin/settings")).json();
  expect((await staff.put("/api/admin/settings", { data: { ...settings, taxName: "VAT", taxRateBp: 1800, taxInclusive: false } })).status()).toBe(200);
  // Another course with open groups is priced in KWD through its editor's API.
  const { courses } = await (await staff.get("/admin/course-dashboard/all-courses")).json();
  for (const course of courses as { _id: string; slug: string }[]) {
    if (course.slug === COURSE) continue;
    const sections = await (await staff.get(`/api/courses/${course.slug}/sections`)).json();
    if (!(sections.sections as { seatsLeft: number }[]).some((s) => s.seatsLeft > 0)) continue;
    const form = await (await staff.get(`/api/admin/courses/${course._id}`)).json();
    expect((await staff.put(`/api/admin/courses/${course._id}`, { data: { ...form.course, price: 45, currency: "KWD" } })).status()).toBe(200);
    kwdSlug = course.slug;
    break;
  }
  expect(kwdSlug).not.toBe("");
});
test.afterAll(async () => {
  await staff?.dispose();
  await payments?.stop();
});

/** Digits and separators of an amount as shown ("$5,895.28" → "5,895.28"; "‏53.100 د.ك.‏" → "53.100"). */
const number = (text: string) => /\d[\d,]*(?:\.\d+)?/.exec(text)?.[0] ?? "";

// One walk with script (decision 133); the amounts in both languages are currency.api.test.ts's.
for (const lang of scriptWalkLangs) {
  test(`${lang} at 390 px: with VAT added, the price before paying = the stand-in's charge = the invoice total; a KWD course shows 3 decimals on its page and invoice`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 900 });
    const t = LABELS[lang];
    const prefix = lang === "ar" ? "/ar" : "";
    const api = await (await page.request.get(`${payments.url}/api/courses/${COURSE}/sections`)).json();
    const section = (api.sections as { id: number; minAge: number; seatsLeft: number }[]).find((s) => s.seatsLeft > 0)!;
    await page.goto(`${payments.url}${prefix}/courses/${COURSE}`);
    const summary = page.locator("[data-price-summary]");
    await expect(summary).toContainText(lang === "ar" ? "يُضاف VAT (18%)" : "VAT (18%) added");
    const shown = number((await summary.locator("[data-total]").innerText()).trim());

    await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
    await page.getByLabel(t.childName, { exact: true }).fill("Omar Haddad");
    await page.getByLabel(t.childAge, { exact: true }).fill(String(section.minAge));
    await page.getByLabel(t.parentName, { exact: true }).fill("Lina Haddad");
    const email = `vat-${lang}-${randomBytes(4).toString("hex")}@example.com`;
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.phone, { exact: true }).fill("9876543210");
    await page.getByRole("button", { name: t.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/payments\/enrolment\?token=/);
    expect(number(await page.getByTestId("payment-amount").innerText())).toBe(shown);

    await page.getByRole("button", { name: lang === "ar" ? /^ادفع / : /^Pay / }).click();
    await expect(page.getByRole("heading", { name: "Checkout (Stripe stand-in)" })).toBeVisible();
    const charged = number(await page.getByTestId("amount").innerText());
    expect(charged).toBe(shown);
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/session_id=cs_test_/);

    // The stand-in's webhook marks the invoice paid; it may arrive just after the return page (a CI run read "open" once).
    const invoicesOf = async () => (await (await staff.get(`/api/admin/billing/invoices?q=${encodeURIComponent(email)}`)).json()).invoices;
    await expect.poll(async () => (await invoicesOf())[0]?.status).toBe("paid");
    const invoices = await invoicesOf();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "paid", currency: "USD" });
    expect(new Intl.NumberFormat("en-US", { minimumFractionDigits: invoices[0].totalMinor % 100 ? 2 : 0 }).format(invoices[0].totalMinor / 100)).toBe(shown);

    // KWD: 45.000 on the course page, 53.100 (VAT added) before paying and on the invoice.
    await page.goto(`${payments.url}${prefix}/courses/${kwdSlug}`);
    await expect(page.locator("main")).toContainText("45.000");
    await expect(page.locator("[data-price-summary] [data-total]")).toContainText("53.100");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
