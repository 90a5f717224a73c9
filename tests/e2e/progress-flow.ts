import path from "node:path";
import Database from "better-sqlite3";
import { pdfText } from "~server/test/pdf-text";
import { expect, shot, type Browser, type Page } from "./fixtures";
import { parentOf } from "./portfolio-flow";
import { instructorWithClass } from "./teaching-flow";

/**
 * Progress reports in the browser (issue 44 item 3, decision 138), at 390 px: an instructor opens
 * the class's roster, goes to the group's progress reports, writes a child's comment and next step,
 * saves them and issues the reports; the child's parent finds the report on /account and opens its
 * PDF, in the family's language. Walked with script in Arabic and without in English (decision 133).
 */

const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";

const T = {
  en: {
    email: "E-mail",
    password: "Password",
    signIn: "Sign in",
    link: "Progress reports",
    comment: "Instructor's comment",
    nextStep: "Next step",
    save: "Save comments",
    saved: "Comments saved.",
    issue: "Issue progress reports",
    issued: "Progress reports issued",
    issuedOn: "Issued on",
    open: "Open the report (PDF)",
    pdfHeading: "Progress report",
    earlier: "Earlier versions:",
  },
  ar: {
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signIn: "دخول",
    link: "تقارير التقدّم",
    comment: "ملاحظة المدرّب",
    nextStep: "الخطوة التالية",
    save: "حفظ الملاحظات",
    saved: "حُفظت الملاحظات.",
    issue: "إصدار تقارير التقدّم",
    issued: "صدرت تقارير التقدّم",
    issuedOn: "صدر في",
    open: "فتح التقرير (PDF)",
    pdfHeading: "تقرير التقدّم",
    earlier: "النسخ السابقة:",
  },
} as const;

export async function progressWalk(page: Page, browser: Browser, lang: "en" | "ar", javaScriptEnabled: boolean) {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  const tag = `pr${lang}${Date.now() % 100000}`;
  const { account, meetingId, names, enrolments } = await instructorWithClass(tag);
  const [amal] = names as [string];
  const context = await parentOf(browser, enrolments[0]!, tag, javaScriptEnabled);
  // The family's language is the enrolment's: the report and its PDF follow it.
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  db.prepare("update section_enrolments set lang = ? where id = ?").run(lang, enrolments[0]);
  db.close();
  const comment = lang === "ar" ? `صمّمت روبوتًا يتبع الخط ${tag}` : `Built a line-following robot ${tag}`;

  // The instructor: the class's roster, then the group's progress reports.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${prefix}/admin/login`);
  await page.getByLabel(t.email, { exact: true }).fill(account.email);
  await page.getByLabel(t.password, { exact: true }).fill(account.password);
  await page.getByRole("button", { name: t.signIn }).click();
  await expect(page).toHaveURL(/\/teaching/);
  // "My groups" links each group's progress reports beside its certificates.
  await expect(page.getByRole("link", { name: new RegExp(`^${t.link}:`) })).toHaveCount(1);
  await shot(page, `progress-teaching-home-${lang}-390`, { fullPage: true });
  await page.goto(`${prefix}/teaching/meetings/${meetingId}`);
  await shot(page, `progress-meeting-${lang}-390`);
  await page.getByRole("link", { name: t.link, exact: true }).click();
  await expect(page).toHaveURL(/\/teaching\/sections\/\d+\/progress-reports/);
  const card = page.locator(`li[data-child="${amal}"]`);
  await card.getByLabel(t.comment).fill(comment);
  await card.getByLabel(t.nextStep).fill(lang === "ar" ? "البدء ببايثون في الفصل الدراسي القادم." : "Start Python next term.");
  await page.getByRole("button", { name: t.save }).click();
  await expect(page.getByRole("status")).toContainText(t.saved);
  await expect(card.getByLabel(t.comment)).toHaveValue(comment);
  await page.getByRole("button", { name: t.issue }).click();
  await expect(page.getByRole("status")).toContainText(t.issued);
  await expect(card).toContainText(t.issuedOn);
  // A changed next step issued again is version 2; the family keeps version 1 (decision 144).
  await card.getByLabel(t.nextStep).fill(lang === "ar" ? "البدء ببايثون ثم الإلكترونيات." : "Start Python, then electronics.");
  await page.getByRole("button", { name: t.save }).click();
  await expect(page.getByRole("status")).toContainText(t.saved);
  await page.getByRole("button", { name: t.issue }).click();
  await expect(page.getByRole("status")).toContainText(t.issued);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `progress-teaching-${lang}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, `progress-teaching-${lang}-1280`, { fullPage: true });

  // The parent: the report on /account, and its PDF.
  const parent = await context.newPage();
  await parent.setViewportSize({ width: 390, height: 900 });
  await parent.goto(`${prefix}/account`);
  const section = parent.getByRole("region", { name: t.link, exact: true });
  await expect(section).toContainText(amal);
  // The newest report first; its earlier versions follow.
  const link = section.getByRole("link", { name: new RegExp(amal) }).first();
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/api\/account\/progress-reports\/\d+\/pdf$/);
  const pdf = await context.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = pdfText(await pdf.body()).text;
  for (const phrase of [amal, t.pdfHeading, ...(lang === "ar" ? ["صمّمت روبوتًا يتبع الخط"] : [comment])]) expect(text).toContain(phrase);
  await expect(section).toContainText(t.earlier);
  expect(await section.locator('a[href$="/versions/1/pdf"]').count()).toBe(1);
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The section's top below the sticky header in the screenshots.
  const showSection = () => section.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 80));
  await showSection();
  await shot(parent, `progress-account-${lang}-390`);
  await parent.setViewportSize({ width: 1280, height: 900 });
  await showSection();
  await shot(parent, `progress-account-${lang}-1280`);
  await context.close();
}
