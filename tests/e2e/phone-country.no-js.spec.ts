import { randomBytes } from "node:crypto";
import { expect, test, noScriptWalkLangs } from "./fixtures";
import { freestGroup } from "./enrol-flow";

/**
 * Issue 42 step 6 without JavaScript (decision 112): the country code's select is posted with the
 * course page's form, the page's action reads 0501234567 against +971, and the child is enrolled;
 * without the code, the refused post comes back with what to add and the values kept.
 */

const COURSE = "3d-modeling-printing";

const T = {
  en: {
    childName: "Child's full name",
    childAge: "Child's age",
    parentName: "Parent's name",
    email: "E-mail",
    phone: "Phone",
    country: "Country code",
    submit: "Enrol",
    addCode: "Add the country code",
    enrolled: "The child is enrolled",
  },
  ar: {
    childName: "اسم الطفل الكامل",
    childAge: "عمر الطفل",
    parentName: "اسم وليّ الأمر",
    email: "البريد الإلكتروني",
    phone: "الهاتف",
    country: "رمز الدولة",
    submit: "سجّل",
    addCode: "يُرجى إضافة رمز الدولة",
    enrolled: "تمّ تسجيل الطفل",
  },
} as const;

for (const lang of noScriptWalkLangs) {
  test(`without JavaScript, 0501234567 with +971 enrols; without the code the page says what to add (${lang}, 390 px)`, async ({ page }) => {
    const t = T[lang];
    await page.setViewportSize({ width: 390, height: 844 });
    const api = await (await page.request.get(`/api/courses/${COURSE}/sections`)).json();
    const section = freestGroup(api.sections as { id: number; minAge: number; seatsLeft: number }[]);
    await page.goto(`${lang === "ar" ? "/ar" : ""}/courses/${COURSE}`);
    await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
    await page.getByLabel(t.childName, { exact: true }).fill(lang === "ar" ? "مريم علي" : "Mariam Ali");
    await page.getByLabel(t.childAge, { exact: true }).fill(String(section.minAge));
    await page.getByLabel(t.parentName, { exact: true }).fill(lang === "ar" ? "علي حسن" : "Ali Hassan");
    await page.getByLabel(t.email, { exact: true }).fill(`phone-nojs-${lang}-${randomBytes(4).toString("hex")}@example.com`);
    await page.getByLabel(t.phone, { exact: true }).fill("0501234567");
    await page.getByRole("button", { name: t.submit, exact: true }).click();
    await expect(page.locator("#enrol").getByRole("alert").filter({ hasText: t.addCode })).toBeVisible();
    await expect(page.getByLabel(t.phone, { exact: true })).toHaveValue("0501234567");
    await page.getByLabel(t.country, { exact: true }).selectOption("AE");
    await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
    await page.getByRole("button", { name: t.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/enrolments\/confirmed\?token=\d+_[\w-]{43}#main$/);
    await expect(page.getByRole("status").filter({ hasText: t.enrolled })).toBeVisible();
  });
}
