import { randomBytes } from "node:crypto";
import { expect, test, type Page, scriptWalkLangs } from "./fixtures";
import { createAdminAccount } from "./accounts";
import { freestGroup } from "./enrol-flow";

/**
 * Issue 42 step 6 (decision 112): a Gulf parent types the mobile the local way, 0501234567. Without
 * the country code the form says what to add; with +971 chosen beside the number the child is
 * enrolled and the number is stored as +971501234567. At 390 px, in English and Arabic; the form's
 * screenshots go to SHOTS_DIR.
 */

// A course whose groups other walks of the lane do not fill.
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

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: false });
};

for (const lang of scriptWalkLangs) {
  test(`a UAE mobile typed 0501234567 with +971 enrols, and without the code the form says what to add (${lang}, 390 px)`, async ({ page }) => {
    const t = T[lang];
    await page.setViewportSize({ width: 390, height: 844 });
    const api = await (await page.request.get(`/api/courses/${COURSE}/sections`)).json();
    const section = freestGroup(api.sections as { id: number; minAge: number; seatsLeft: number }[]);
    await page.goto(`${lang === "ar" ? "/ar" : ""}/courses/${COURSE}`);
    await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
    await page.getByLabel(t.childName, { exact: true }).fill(lang === "ar" ? "مريم علي" : "Mariam Ali");
    await page.getByLabel(t.childAge, { exact: true }).fill(String(section.minAge));
    await page.getByLabel(t.parentName, { exact: true }).fill(lang === "ar" ? "علي حسن" : "Ali Hassan");
    const email = `phone-${lang}-${randomBytes(4).toString("hex")}@example.com`;
    await page.getByLabel(t.email, { exact: true }).fill(email);
    // The academy's market (India, the seeded setting) is where the code starts.
    const country = page.getByLabel(t.country, { exact: true });
    await expect(country).toHaveValue("IN");
    const phone = page.getByLabel(t.phone, { exact: true });
    await phone.fill("0501234567");
    await page.getByRole("button", { name: t.submit, exact: true }).click();
    const error = page.locator("#enrol").getByRole("alert").filter({ hasText: t.addCode });
    await expect(error).toBeVisible();
    await expect(error).toContainText("+971 50 123 4567");
    await phone.scrollIntoViewIfNeeded();
    await shot(page, `phone-error-${lang}-390`);
    // +971 chosen beside the number: the same digits are a UAE mobile.
    await page.getByLabel(t.country, { exact: true }).selectOption("AE");
    await page.getByLabel(t.phone, { exact: true }).fill("0501234567");
    await shot(page, `phone-ae-${lang}-390`);
    await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
    await page.getByRole("button", { name: t.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/enrolments\/confirmed\?token=\d+_[\w-]{43}#main$/);
    await expect(page.getByRole("status").filter({ hasText: t.enrolled })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Stored in E.164, as staff read it on the group's roster.
    const account = await createAdminAccount(`phone-staff-${randomBytes(4).toString("hex")}@example.com`, "Staff-Passw0rd", "Phone Staff");
    expect((await page.request.post("/api/admin/login", { data: { email: account.email, password: account.password } })).status()).toBe(200);
    const roster = await (await page.request.get(`/api/admin/sections/${section.id}/roster`)).json();
    const row = (roster.children as { email: string; phone: string }[]).find((child) => child.email === email);
    expect(row?.phone).toBe("+971501234567");
  });
}

/** The phone fields fit the screen (sign-up, the camp's enrolment, the course page's) at 390 px and desktop; photographed when SHOTS_DIR is set. */
for (const lang of ["en", "ar"] as const) {
  test(`the phone fields with their country code fit the screen (${lang})`, async ({ page }) => {
    const shots = process.env.SHOTS_DIR;
    const prefix = lang === "ar" ? "/ar" : "";
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      for (const [name, path] of [
        ["signup", "/signup"],
        ["camp", "/enroll?camp=junior"],
        ["course", `/courses/${COURSE}`],
      ] as const) {
        await page.goto(`${prefix}${path}`);
        const field = page.getByLabel(T[lang].country, { exact: true }).locator("xpath=ancestor::div[2]");
        await field.scrollIntoViewIfNeeded();
        if (shots) await field.screenshot({ path: `${shots}/phone-field-${name}-${lang}-${width}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      // The course's facts box: its price isolated at the formatter (was "$US 2,398" in Arabic).
      await page.goto(`${prefix}/courses/${COURSE}`);
      const facts = page
        .locator("dl")
        .filter({ has: page.locator("dd.font-semibold") })
        .first();
      await expect(facts).toBeVisible();
      if (shots) await facts.screenshot({ path: `${shots}/course-facts-${lang}-${width}.png` });
    }
  });
}
