import { randomBytes } from "node:crypto";
import { expect, type Page } from "./fixtures";
import { createAdminAccount } from "./accounts";
import { COURSE } from "./enrol-flow";

const LABELS = {
  en: {
    childName: "Child's full name",
    childAge: "Child's age",
    parentName: "Parent's name",
    email: "E-mail",
    phone: "Phone",
    enrol: "Enrol",
    enrolled: "The child is enrolled",
    studentName: "Student's name",
    phoneNumber: "Phone number",
    session: "Session",
    submitCamp: "Submit Enrollment",
    code: "Promo code (optional)",
    apply: "Apply code",
    total: "Total to pay",
    applied: "applied",
    courseFee: "Course fee",
    campFee: "Camp fee",
    promo: "Promo code",
    invalid: "This promo code is not valid",
  },
  ar: {
    childName: "اسم الطفل الكامل",
    childAge: "عمر الطفل",
    parentName: "اسم وليّ الأمر",
    email: "البريد الإلكتروني",
    phone: "الهاتف",
    enrol: "سجّل",
    enrolled: "تمّ تسجيل الطفل",
    studentName: "اسم الطالب",
    phoneNumber: "رقم الهاتف",
    session: "الفترة",
    submitCamp: "إرسال التسجيل",
    code: "رمز الخصم (اختياري)",
    apply: "طبّق الرمز",
    total: "المبلغ المطلوب",
    applied: "تم تطبيق الرمز",
    courseFee: "رسوم الدورة",
    campFee: "رسوم المخيم",
    promo: "رمز الخصم",
    invalid: "رمز الخصم هذا غير صالح",
  },
} as const;

/** A fresh admin signs in through the API (no page needed), makes a code, then signs out: the family is anonymous. */
async function makeCode(page: Page, body: Record<string, unknown>): Promise<string> {
  const account = await createAdminAccount(`disc-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Discount Staff");
  expect((await page.request.post("/api/admin/login", { data: { email: account.email, password: account.password } })).status()).toBe(200);
  const code = `E2E-${randomBytes(3).toString("hex").toUpperCase()}`;
  const res = await page.request.post("/api/admin/promo-codes", { data: { code: code.toLowerCase(), maxUses: 5, ...body } });
  expect(res.status(), await res.text()).toBe(201);
  await page.context().clearCookies();
  return code;
}

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: false });
};

/** The price box: its rows' text, in order. */
const priceRows = (page: Page) => page.locator("[data-price-summary] tr");

/**
 * A parent sees the price on the course page, applies a wrong code (its message beside the field,
 * the values kept), then a real one (a 20 % line and the total), and enrols with it; then the same
 * on the camp's /enroll form with an amount off in rupees. Works alike with and without JavaScript.
 */
export async function applyCodesAndEnrol(page: Page, lang: "en" | "ar", width: number, label: string) {
  await page.setViewportSize({ width, height: 900 });
  const t = LABELS[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  const percentCode = await makeCode(page, { kind: "percent", percent: 20, appliesTo: "courses" });
  const api = await (await page.request.get(`/api/courses/${COURSE}/sections`)).json();
  const section = api.sections.find((s: { seatsLeft: number }) => s.seatsLeft > 0) as { id: number; minAge: number };
  await page.goto(`${prefix}/courses/${COURSE}#enrol`);
  // The price before anything is typed: the course's fee and the total.
  await expect(priceRows(page).first()).toContainText(t.courseFee);
  await expect(priceRows(page).last()).toContainText(t.total);
  await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
  await page.getByLabel(t.childName, { exact: true }).fill("Omar Haddad");
  await page.getByLabel(t.childAge, { exact: true }).fill(String(section.minAge));
  await page.getByLabel(t.parentName, { exact: true }).fill("Lina Haddad");
  await page.getByLabel(t.email, { exact: true }).fill(`disc-${lang}-${randomBytes(4).toString("hex")}@example.com`);
  await page.getByLabel(t.phone, { exact: true }).fill("9876543210");
  await page.getByLabel(t.code, { exact: true }).fill("no-such-code");
  await page.getByRole("button", { name: t.apply, exact: true }).click();
  await expect(page.locator("#enrol").getByRole("alert").filter({ hasText: t.invalid })).toBeVisible();
  await expect(page.getByLabel(t.childName, { exact: true })).toHaveValue("Omar Haddad");
  await page.getByLabel(t.code, { exact: true }).fill(` ${percentCode.toLowerCase()} `);
  await page.getByRole("button", { name: t.apply, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: t.applied })).toBeVisible();
  await expect(priceRows(page)).toHaveCount(3);
  await expect(priceRows(page).nth(1)).toContainText(`${t.promo}`);
  await expect(priceRows(page).nth(1)).toContainText(percentCode);
  const fee = await priceRows(page).first().locator("td").innerText();
  const total = await priceRows(page).last().locator("td").innerText();
  expect(total).not.toBe(fee);
  await page.locator("[data-price-summary]").scrollIntoViewIfNeeded();
  await shot(page, `course-code-${lang}-${label}`);
  await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
  await page.getByRole("button", { name: t.enrol, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: t.enrolled })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  // The camp's /enroll: an amount off in rupees.
  const campCode = await makeCode(page, { kind: "amount", amountMinor: 100_000, currency: "INR", appliesTo: "camp" });
  await page.goto(`${prefix}/enroll?camp=junior`);
  await expect(priceRows(page).first()).toContainText(t.campFee);
  await page.getByLabel(t.studentName, { exact: true }).fill("Zara Khan");
  await page.getByLabel(t.parentName, { exact: true }).fill("Imran Khan");
  await page.getByLabel(t.email, { exact: true }).fill(`camp-${lang}-${randomBytes(4).toString("hex")}@example.com`);
  await page.getByLabel(t.phoneNumber, { exact: true }).fill("9876543210");
  await page.getByLabel(t.session, { exact: true }).selectOption({ index: 1 });
  await page.getByLabel(t.code, { exact: true }).fill(campCode);
  await page.getByRole("button", { name: t.apply, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: t.applied })).toBeVisible();
  await expect(priceRows(page).nth(1)).toContainText(campCode);
  await expect(priceRows(page).nth(1)).toContainText("1,000");
  await expect(page.getByLabel(t.studentName, { exact: true })).toHaveValue("Zara Khan");
  await page.locator("[data-price-summary]").scrollIntoViewIfNeeded();
  await shot(page, `camp-code-${lang}-${label}`);
  await page.getByRole("button", { name: t.submitCamp, exact: true }).click();
  await expect(page).toHaveURL(/\/enroll\/confirmed\?ref=/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
