import { randomBytes } from "node:crypto";
import { decodeMail } from "~server/test/smtp-catcher";
import { expect, type Page } from "./fixtures";
import { createAdminAccount, outboxMails, waitForMailHtml } from "./accounts";
import { freestGroup } from "./enrol-flow";

/**
 * Issue 42, steps 4 and 12: a parent presses Enter in the enrolment forms (the course group's and
 * the camp's) and enrols, whatever field the cursor is in, rather than applying the promo code; the
 * confirmation page names the child, the group, the first class, the invoice and how to pay, and
 * the invoice's link opens it without signing in. Screenshots (SHOTS_DIR) at 390 px and desktop.
 */

// A course no other walk of the lane fills up.
const COURSE = "3d-modeling-printing";
const BANK = {
  en: "Account name: STEM Academy LLP\nBank: Example Bank\nIBAN: AE07 0331 2345 6789 0123 456",
  ar: "اسم الحساب: STEM Academy LLP\nالبنك: Example Bank\nIBAN: AE07 0331 2345 6789 0123 456",
};

const T = {
  en: {
    childName: "Child's full name",
    childAge: "Child's age",
    parentName: "Parent's name",
    email: "E-mail",
    phone: "Phone",
    code: "Promo code (optional)",
    howToPay: "How to pay",
    reference: "Payment reference",
    openInvoice: "Open the invoice",
    cash: "Cash",
    bankTransfer: "Bank transfer",
    createAccount: "Create an account",
    calendar: "Add every class to a calendar (.ics)",
    sent: "The child is enrolled",
    studentName: "Student's name",
    phoneNumber: "Phone number",
    session: "Session",
    campHeading: "is enrolled in Junior Camp",
  },
  ar: {
    childName: "اسم الطفل الكامل",
    childAge: "عمر الطفل",
    parentName: "اسم وليّ الأمر",
    email: "البريد الإلكتروني",
    phone: "الهاتف",
    code: "رمز الخصم (اختياري)",
    howToPay: "طريقة الدفع",
    reference: "مرجع الدفع",
    openInvoice: "فتح الفاتورة",
    cash: "نقدًا",
    bankTransfer: "تحويل بنكي",
    createAccount: "إنشاء حساب",
    calendar: "إضافة جميع الحصص إلى التقويم (ics)",
    sent: "تمّ تسجيل الطفل",
    studentName: "اسم الطالب",
    phoneNumber: "رقم الهاتف",
    session: "الفترة",
    campHeading: "مخيم الصغار",
  },
} as const;

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

/** Staff type the bank details (settings, issue 42), so the block shows a transfer too; the family is then anonymous. */
export async function setBankDetails(page: Page): Promise<void> {
  const account = await createAdminAccount(`pay-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Pay Staff");
  expect((await page.request.post("/api/admin/login", { data: { email: account.email, password: account.password } })).status()).toBe(200);
  const { settings } = await (await page.request.get("/api/admin/settings")).json();
  const saved = await page.request.put("/api/admin/settings", { data: { ...settings, bankDetails: BANK, payMethods: ["cash", "bank_transfer", "cheque"] } });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.context().clearCookies();
}

/** Course page: every field filled, then Enter in `field` (the phone, or the promo code box). */
export async function enterEnrolsInCourseForm(page: Page, lang: "en" | "ar", mode: "js" | "no-js", width: number) {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  await page.setViewportSize({ width, height: 844 });
  const api = await (await page.request.get(`/api/courses/${COURSE}/sections`)).json();
  const section = freestGroup(api.sections as { id: number; minAge: number; seatsLeft: number }[]);
  await page.goto(`${prefix}/courses/${COURSE}`);
  await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
  const child = lang === "ar" ? "ليلى حسن" : "Layla Hassan";
  await page.getByLabel(t.childName, { exact: true }).fill(child);
  await page.getByLabel(t.childAge, { exact: true }).fill(String(section.minAge));
  await page.getByLabel(t.parentName, { exact: true }).fill(lang === "ar" ? "سارة أحمد" : "Sara Ahmed");
  const email = `enter-${lang}-${mode}-${randomBytes(4).toString("hex")}@example.com`;
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.phone, { exact: true }).fill("9876543210");
  // Enter in the promo code's own box enrols too (an empty code is no code).
  await page.getByLabel(t.code, { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/enrolments\/confirmed\?token=\d+_[\w-]{43}#main$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(child);
  await expect(page.getByRole("status").filter({ hasText: t.sent })).toBeVisible();
  await expect(page.getByTestId("enrolment-code")).toHaveText(/^[A-Z0-9]{6}$/);
  const pay = page.getByRole("region", { name: t.howToPay });
  await expect(pay.getByTestId("pay-reference")).toHaveText(/^INV-\d{4}-\d{6}$/);
  await expect(pay.getByTestId("pay-amount")).not.toBeEmpty();
  await expect(pay.getByTestId("pay-methods")).toContainText(t.cash);
  await expect(pay.getByTestId("pay-bank")).toContainText("AE07 0331 2345 6789 0123 456");
  await expect(page.getByRole("main").getByRole("link", { name: t.createAccount })).toHaveAttribute("href", `${prefix}/signup`);
  const calendar = page.getByRole("link", { name: t.calendar });
  const ics = await page.request.get((await calendar.getAttribute("href"))!);
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toContain("BEGIN:VEVENT");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await shot(page, `enrol-confirmed-${lang}-${width}-${mode}`);
  const number = await pay.getByTestId("pay-reference").innerText();
  // The invoice's link: its page and how to pay, without signing in.
  await pay.getByRole("link", { name: t.openInvoice }).click();
  await expect(page).toHaveURL(/\/payments\/invoice\?token=\d+_[\w-]{43}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(number);
  await expect(page.getByRole("region", { name: t.howToPay }).getByTestId("pay-reference")).toHaveText(number);
  await shot(page, `invoice-link-${lang}-${width}-${mode}`);
  return { number, email, child };
}

/** The camp's /enroll: the same Enter, in the parent's name. */
export async function enterEnrolsInCampForm(page: Page, lang: "en" | "ar", mode: "js" | "no-js", width: number) {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  await page.setViewportSize({ width, height: 844 });
  await page.goto(`${prefix}/enroll?camp=junior`);
  await page.getByLabel(t.studentName, { exact: true }).fill(lang === "ar" ? "زين خان" : "Zain Khan");
  await page.getByLabel(t.email, { exact: true }).fill(`camp-enter-${lang}-${mode}-${randomBytes(4).toString("hex")}@example.com`);
  await page.getByLabel(t.phoneNumber, { exact: true }).fill("9876543210");
  await page.getByLabel(t.session, { exact: true }).selectOption({ index: 1 });
  await page.getByLabel(t.parentName, { exact: true }).fill(lang === "ar" ? "عمران خان" : "Imran Khan");
  await page.getByLabel(t.parentName, { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/enroll\/confirmed\?ref=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(t.campHeading);
  const pay = page.getByRole("region", { name: t.howToPay });
  await expect(pay.getByTestId("pay-reference")).toHaveText(/^INV-\d{4}-\d{6}$/);
  await expect(pay.getByTestId("pay-methods")).toContainText(t.bankTransfer);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await shot(page, `camp-confirmed-${lang}-${width}-${mode}`);
}

/** The invoice e-mail as the family reads it: how to pay and the signed link, drawn at `width`. */
export async function invoiceMailShot(page: Page, number: string, lang: "en" | "ar", width: number) {
  const html = await waitForMailHtml(number);
  expect(html).toContain("/payments/invoice?token=");
  expect(html).toContain(lang === "ar" ? "طريقة الدفع" : "How to pay");
  if (!process.env.SHOTS_DIR) return;
  // A page of its own: the site's scripts must not run over the mail.
  const mail = await page.context().newPage();
  await mail.setViewportSize({ width, height: 844 });
  await mail.setContent(html);
  await shot(mail, `invoice-mail-${lang}-${width}`);
  await mail.close();
}

const SIGNUP = {
  en: {
    name: "Full name",
    email: "E-mail",
    password: "Password",
    contact: "Contact number",
    submit: "Sign up",
    created: "Your account is ready and you are signed in.",
    proven: "Your e-mail address is confirmed",
    timetable: "Timetable",
  },
  ar: {
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    contact: "رقم التواصل",
    submit: "إنشاء حساب",
    created: "الحساب جاهز وتمّ تسجيل الدخول.",
    proven: "تمّ تأكيد بريدك الإلكتروني",
    timetable: "جدول الحصص",
  },
} as const;

/**
 * Issue 42, step 5: from the confirmation's "Create an account", the parent signs up with the
 * e-mail they enrolled with, is signed in at once, taps the "confirm your e-mail" link and sees the
 * enrolment in /account (no sign-in again, no password reset).
 */
export async function signUpAndSeeEnrolment(page: Page, lang: "en" | "ar", mode: "js" | "no-js", enrolled: { email: string; child: string }) {
  const t = SIGNUP[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  await page.goto(`${prefix}/signup`);
  await page.getByLabel(t.name).fill(lang === "ar" ? "سارة أحمد" : "Sara Ahmed");
  await page.getByLabel(t.email, { exact: true }).fill(enrolled.email);
  await page.getByLabel(t.password, { exact: true }).fill("Sunflower9");
  await page.getByLabel(t.contact).fill("9876543210");
  await page.getByRole("button", { name: t.submit, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/account(\\?notice=account-created#form-notice)?$`));
  await expect(page.locator(".Toastify [role=alert], [role=status]").filter({ hasText: t.created }).first()).toBeVisible();
  await expect(page.getByTestId("email-proof-note")).toBeVisible();
  await shot(page, `signed-up-${lang}-390-${mode}`);
  let link = "";
  await expect
    .poll(() => {
      // The newest mail to that address with a confirmation link (its text part decoded).
      for (const raw of outboxMails()) {
        if (!raw.toLowerCase().includes(enrolled.email)) continue;
        const text = raw
          .split(/\r?\n--[^\r\n]+\r?\n/)
          .map((part) => decodeMail(part).text)
          .join("\n");
        const found = /\/(?:ar\/)?account\/confirm-email\?token=[\w.-]+/.exec(text);
        if (found) return (link = found[0]);
      }
      return "";
    })
    .not.toBe("");
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`${prefix}/account\\?notice=email-proven#form-notice$`));
  await expect(page.getByRole("status").filter({ hasText: t.proven })).toBeVisible();
  await expect(page.getByTestId("email-proof-note")).toHaveCount(0);
  await expect(page.getByRole("region", { name: t.timetable, exact: true }).getByRole("heading", { level: 3, name: enrolled.child })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `account-proven-${lang}-390-${mode}`);
}
