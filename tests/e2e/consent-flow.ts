import { randomBytes } from "node:crypto";
import en from "~/i18n/locales/en/consent.json" with { type: "json" };
import ar from "~/i18n/locales/ar/consent.json" with { type: "json" };
import { expect, type Page } from "./fixtures";
import { signInAsAdmin } from "./accounts";
import { freestGroup, LABELS } from "./enrol-flow";

// A course no other walk of the lane enrols in, so its groups still have seats when this walk runs.
const COURSE = "advance-python";

const SHOTS = process.env.SHOTS_DIR;

/**
 * Issue 30 part 4 at 390 px: staff publish a required form through the API; a parent enrolling from
 * the course page is refused until they sign it (the message beside the box), then enrolled. The
 * form is withdrawn at the end so other walks' enrolments are not asked for it.
 */
export async function consentWalk(page: Page, lang: "en" | "ar", mode: "js" | "no-js") {
  const texts = lang === "ar" ? ar : en;
  const t = LABELS[lang];
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const form = {
    required: true,
    titleEn: `Liability ${randomBytes(3).toString("hex")}`,
    titleAr: `إقرار المسؤولية ${randomBytes(3).toString("hex")}`,
    bodyEn: "The academy is not liable for lost items.",
    bodyAr: "الأكاديمية غير مسؤولة عن الأغراض المفقودة.",
  };
  const created = await page.request.post("/api/admin/consent-forms", { data: { kind: "liability", ...form } });
  expect(created.status()).toBe(201);
  const formId = (await created.json()).id as number;
  const staff = await page.context().cookies();
  await page.context().clearCookies();
  try {
    const api = await (await page.request.get(`/api/courses/${COURSE}/sections`)).json();
    const section = freestGroup(api.sections as { id: number; minAge: number; seatsLeft: number }[]);
    await page.goto(`${lang === "ar" ? "/ar" : ""}/courses/${COURSE}`);
    const consent = page.locator("#consent");
    await expect(consent.getByRole("group", { name: new RegExp(lang === "ar" ? form.titleAr : form.titleEn) })).toBeVisible();
    await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
    await page.getByLabel(t.childName, { exact: true }).fill(lang === "ar" ? "سلمى يوسف" : "Salma Yusuf");
    await page.getByLabel(t.childAge, { exact: true }).fill(String(section.minAge));
    await page.getByLabel(t.parentName, { exact: true }).fill(lang === "ar" ? "يوسف أحمد" : "Yusuf Ahmed");
    await page.getByLabel(t.email, { exact: true }).fill(`consent-${lang}-${mode}-${randomBytes(4).toString("hex")}@example.com`);
    await page.getByLabel(t.phone, { exact: true }).fill("9876543210");
    await page.getByRole("button", { name: t.submit, exact: true }).click();
    // Not signed: refused, the message beside the unticked box.
    await expect(consent.getByRole("alert").first()).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/consent-refused-${lang}-390-${mode}.png`, fullPage: true });
    // Sign every required form shown (walks running at once may have published their own).
    for (const box of await consent.getByRole("checkbox", { name: texts.fieldset.agree, exact: true }).all()) await box.check();
    await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
    await page.getByRole("button", { name: t.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/enrolments\/confirmed\?token=\d+_[\w-]{43}#main$/);
    await expect(page.getByRole("status").filter({ hasText: t.enrolled })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await page.context().clearCookies();
    await page.context().addCookies(staff);
    expect((await page.request.put(`/api/admin/consent-forms/${formId}`, { data: { ...form, active: false } })).status()).toBe(200);
  }
}
