import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, scriptWalkLangs, test, type Locator, type Page } from "./fixtures";
import { instructorWithClass } from "./teaching-flow";
import { signInAsAdmin } from "./accounts";
import enAdmin from "~/i18n/locales/en/admin.json" with { type: "json" };
import arAdmin from "~/i18n/locales/ar/admin.json" with { type: "json" };
import enCert from "~/i18n/locales/en/certificates.json" with { type: "json" };
import arCert from "~/i18n/locales/ar/certificates.json" with { type: "json" };
import enTeach from "~/i18n/locales/en/teaching.json" with { type: "json" };
import arTeach from "~/i18n/locales/ar/teaching.json" with { type: "json" };
import enCourses from "~/i18n/locales/en/courses.json" with { type: "json" };
import arCourses from "~/i18n/locales/ar/courses.json" with { type: "json" };
import enHome from "~/i18n/locales/en/home.json" with { type: "json" };
import arHome from "~/i18n/locales/ar/home.json" with { type: "json" };
import enCommon from "~/i18n/locales/en/common.json" with { type: "json" };
import arCommon from "~/i18n/locales/ar/common.json" with { type: "json" };
import enAccounts from "~/i18n/locales/en/accounts.json" with { type: "json" };
import arAccounts from "~/i18n/locales/ar/accounts.json" with { type: "json" };

/**
 * Issue 42, steps 10 and 11, at 390 px in both languages: an instructor issues certificates from
 * /teaching inside the teaching layout (and finds the security page there too); the home page's
 * primary button leads to booking a free trial; a course page's sticky trial/enrol bar covers no
 * control and not the WhatsApp button. Screenshots at 390 and 1280 px go to SHOTS_DIR when set.
 */

const SHOTS = process.env.SHOTS_DIR;
const L = {
  en: {
    admin: enAdmin,
    cert: enCert,
    teach: enTeach,
    courses: enCourses,
    home: enHome,
    common: enCommon,
    accounts: enAccounts,
    email: "E-mail",
    password: "Password",
    signIn: "Sign in",
  },
  ar: {
    admin: arAdmin,
    cert: arCert,
    teach: arTeach,
    courses: arCourses,
    home: arHome,
    common: arCommon,
    accounts: arAccounts,
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signIn: "دخول",
  },
} as const;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}-fold.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Every child of the instructor's class marked present (the attendance form writes these rows). */
function markPresent(meetingId: number, enrolments: number[]) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"));
  try {
    const now = new Date().toISOString();
    for (const id of enrolments)
      db.prepare("insert into meeting_attendance (meeting_id, enrolment_id, status, note, created_at, updated_at) values (?, ?, 'present', '', ?, ?)").run(
        meetingId,
        id,
        now,
        now,
      );
  } finally {
    db.close();
  }
}

for (const lang of scriptWalkLangs) {
  const t = L[lang];
  const prefix = lang === "ar" ? "/ar" : "";

  test(`an instructor issues certificates from /teaching, inside the teaching layout (${lang}, 390 px)`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const tag = `cv${lang}${Date.now() % 100000}`;
    const { account, meetingId, enrolments, names } = await instructorWithClass(tag);
    markPresent(meetingId, enrolments);
    await page.goto(`${prefix}/admin/login`);
    await page.getByLabel(t.email, { exact: true }).fill(account.email);
    await page.getByLabel(t.password, { exact: true }).fill(account.password);
    await page.getByRole("button", { name: t.signIn }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/teaching(\\?notice=login-ok#form-notice)?$`));
    const groups = page.getByRole("region", { name: t.teach.groups.heading });
    await expect(groups).toBeVisible();
    await shots(page, `teaching-home-${lang}`);
    await groups
      .getByRole("link", { name: new RegExp(`^${t.teach.groups.certificatesFor.split("{{")[0]}`) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/teaching\/sections\/\d+\/certificates$/);
    // The teaching layout: its bar, and none of the public site's menu, footer or WhatsApp button.
    await expect(page.getByRole("navigation", { name: t.teach.layout.nav })).toBeVisible();
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /WhatsApp|واتساب/ })).toHaveCount(0);
    await expect(page.getByRole("main")).toHaveCount(1);
    await page.getByLabel(t.cert.issue.threshold).fill("100");
    await page.getByRole("button", { name: t.cert.issue.show }).click();
    await expect(page).toHaveURL(/threshold=100/);
    await expect(page.getByText(t.cert.issue.qualifies, { exact: true }).first()).toBeVisible();
    await page.getByRole("button", { name: t.cert.issue.issueAll }).click();
    await expect(page.getByRole("status")).toBeVisible();
    await expect(page.getByRole("link", { name: t.cert.issue.downloadFor.replace("{{child}}", names[0]!) })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shots(page, `teaching-certificates-${lang}`);

    // Sign-in security sits in the same layout (issue 42, step 10).
    await page.getByRole("navigation", { name: t.teach.layout.nav }).getByRole("link", { name: t.teach.layout.security }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/teaching/security$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.accounts.security.heading);
    await expect(page.getByRole("heading", { name: t.accounts.space.password.heading })).toBeVisible();
    await expect(page.locator("footer")).toHaveCount(0);
    await shots(page, `teaching-security-${lang}`);
    // The old address leads there.
    await page.goto(`${prefix}/account/security`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/teaching/security$`));
  });

  // One visitor's walk at 390 px: the home page's button to a trial class, then a course page's bar.
  test(`the home page's primary button books a free trial class, the menu says Courses, and a course page's sticky trial/enrol bar covers no control and not the WhatsApp button (${lang}, 390 px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${prefix}/`);
    const hero = page.getByRole("main").getByRole("link", { name: t.home.hero.bookTrial });
    await expect(hero).toBeInViewport();
    await shots(page, `home-${lang}`);
    await page.getByRole("button", { name: t.common.nav.openMenu }).click();
    await expect(page.getByRole("navigation", { name: t.common.nav.label }).getByRole("link", { name: t.common.nav.courses, exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await hero.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/book-trial$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.courses.trial.title);
    await shots(page, `book-trial-${lang}`);
    await page.getByRole("main").getByRole("listitem").first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/courses/[\\w-]+/bookdemoclass$`));

    // A course page's sticky trial/enrol bar.
    await page.goto(`${prefix}/courses/robotics-fundamentals`);
    // No added script: the page still ships without React.
    expect(await page.locator("script[src*='entry.client'], link[rel=modulepreload]").count()).toBe(0);
    const bar = page.getByRole("navigation", { name: t.courses.detail.ctaLabel });
    await expect(bar).toBeInViewport();
    await expect(bar.getByRole("link", { name: t.courses.detail.ctaTrial })).toHaveAttribute("href", `${prefix}/courses/robotics-fundamentals/bookdemoclass`);
    await expect(bar.getByRole("link", { name: t.courses.detail.ctaEnrol })).toHaveAttribute("href", "#enrol");
    // The facts follow the open groups.
    await expect(page.locator("[data-course-length=groups]")).toBeVisible();
    await shots(page, `course-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${prefix}/courses/robotics-fundamentals`);
    const whatsapp = page.getByRole("link", { name: /WhatsApp|واتساب/ }).last();
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    expect(overlaps(await box(bar), await box(whatsapp)), "the bar is under the WhatsApp button").toBe(false);
    // One line high, inside the 72 px the page keeps free at the bottom for a focused control.
    expect((await box(bar)).height).toBeLessThanOrEqual(64);
    // Every control of the page, scrolled to the screen's end as the browser does on focus: never under the bar.
    const controls = page.locator("main :is(a[href], button, input:not([type=hidden]), select, textarea, summary):visible");
    const count = await controls.count();
    expect(count).toBeGreaterThan(10);
    for (let i = 0; i < count; i++) {
      const control = controls.nth(i);
      if (await control.evaluate((element) => element.closest("[data-course-cta]") !== null)) continue;
      await control.evaluate((element) => element.scrollIntoView({ block: "end" }));
      const where = await control.boundingBox();
      if (!where || where.width === 0) continue;
      expect(overlaps(where, await box(bar)), `control ${i} (${await control.evaluate((element) => element.outerHTML.slice(0, 80))}) is under the bar`).toBe(
        false,
      );
    }
    // "Enrol now" reaches the groups and the form.
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.getByRole("link", { name: t.courses.detail.ctaEnrol }).click();
    await expect(page.locator("#enrol")).toBeInViewport();
  });

  test(`staff see their sign-in security inside the staff layout (${lang}, 390 px)`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page);
    await page.goto(`${prefix}/account/security`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/security$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.accounts.security.heading);
    await expect(page.getByRole("heading", { name: t.accounts.space.password.heading })).toBeVisible();
    // The staff sidebar (folded behind its menu button at 390 px).
    await expect(page.locator("#admin-menu").getByRole("navigation", { name: t.admin.layout.navLabel, includeHidden: true })).toHaveCount(1);
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.getByRole("main")).toHaveCount(1);
    await shots(page, `admin-security-${lang}`);
  });
}
