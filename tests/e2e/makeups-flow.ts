import { provenParent } from "./accounts";
import { expect, type Page, shot } from "./fixtures";
import { freestGroup } from "./enrol-flow";

/**
 * Absences and make-ups in the browser (issue 30 part 3, decision 076): a signed-in parent whose
 * child is enrolled in a group reports an absence for its first class (earning a credit) on
 * /account/makeups, then books a make-up in another group of the course with it. Run with and
 * without JavaScript, in English and Arabic, at 390 px; screenshots at 390 and 1280 px.
 */
const COURSE = "robotics-fundamentals";

const T = {
  en: {
    report: "Report absence",
    credit: "make-up credit",
    book: "Book make-up",
    booked: "The make-up class is booked.",
    status: "Make-up booked",
    heading: "Absences and make-up classes",
  },
  ar: {
    report: "الإبلاغ عن الغياب",
    credit: "رصيد حصة تعويضية",
    book: "احجز الحصة التعويضية",
    booked: "تم حجز الحصة التعويضية.",
    status: "حصة تعويضية محجوزة",
    heading: "الغياب والحصص التعويضية",
  },
} as const;

async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

export async function makeupsWalk(page: Page, lang: "en" | "ar", mode: "js" | "no-js") {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  await page.setViewportSize({ width: 390, height: 900 });
  const email = await provenParent(page.request, `makeup-${lang}-${mode}`);
  const listed = await page.request.get(`/api/courses/${COURSE}/sections`);
  const group = freestGroup(((await listed.json()) as { sections: { id: number; minAge: number; seatsLeft: number }[] }).sections);
  const child = { childName: `Rami ${mode} ${lang}`, childAge: group.minAge, parentName: "Mona Wait", email, phone: "+91 98765 43210" };
  const enrolled = await page.request.post(`/api/sections/${group.id}/enrolments`, { data: child });
  expect(enrolled.status(), await enrolled.text()).toBe(201);

  await page.goto(`${prefix}/account`);
  await page.getByRole("link", { name: t.heading }).click();
  await expect(page.getByRole("heading", { level: 1, name: t.heading })).toBeVisible();
  if (mode === "js" && lang === "en") await shots(page, `account-makeups-${lang}`);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByRole("button", { name: t.report }).first().click();
  await expect(page.getByRole("status").filter({ hasText: t.credit })).toBeVisible();
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: t.book }).first().click();
  await expect(page.getByRole("status").filter({ hasText: t.booked })).toBeVisible();
  await expect(page.getByText(t.status, { exact: true }).first()).toBeVisible();
  if (mode === "js") await shots(page, `account-makeups-booked-${lang}`);
}
