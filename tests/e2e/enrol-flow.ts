import { randomBytes } from "node:crypto";
import { expect, type Page } from "./fixtures";

export const COURSE = "robotics-fundamentals";

export const LABELS = {
  en: {
    childName: "Child's full name",
    childAge: "Child's age",
    parentName: "Parent's name",
    email: "E-mail",
    phone: "Phone",
    submit: "Enrol",
    enrolled: "The child is enrolled",
    heading: "Enrol for a term",
    ages: "This group is for ages",
  },
  ar: {
    childName: "اسم الطفل الكامل",
    childAge: "عمر الطفل",
    parentName: "اسم وليّ الأمر",
    email: "البريد الإلكتروني",
    phone: "الهاتف",
    submit: "سجّل",
    enrolled: "تمّ تسجيل الطفل",
    heading: "التسجيل في فصل دراسي كامل",
    ages: "هذه المجموعة للأعمار",
  },
} as const;

/**
 * A parent enrols from the course page at 390 px: a refused post first (an age the group does not
 * take) shows its message beside the field with the values kept, then the enrolment succeeds and
 * the confirmation page says so (issue 42); the seat count went down by one.
 */
/**
 * The group with the most seats left: walks earlier in the lane fill the first group of a course
 * (capacity 12), so a walk that enrols takes the freest one.
 */
/**
 * The group with the most seats left among those whose next class is more than two days away (a
 * walk reports an absence with notice, and sees its classes to come); any group if none is. Other
 * walks of the lane make groups of their own: one with no class to come must never be chosen.
 */
export const freestGroup = <T extends { seatsLeft: number; meetings?: { startsAt: string }[] }>(groups: T[]): T => {
  const later = groups.filter((group) => (group.meetings ?? []).some((m) => Date.parse(m.startsAt) > Date.now() + 2 * 86_400_000));
  return (later.length > 0 ? later : groups).reduce((best, group) => (group.seatsLeft > best.seatsLeft ? group : best));
};

// This walk counts seats: a course no other walk of its lane enrols in keeps its groups from filling up.
const ENROL_COURSE = "stem-learning";

export async function enrolFromCoursePage(page: Page, lang: "en" | "ar") {
  await page.setViewportSize({ width: 390, height: 844 });
  const t = LABELS[lang];
  const api = await (await page.request.get(`/api/courses/${ENROL_COURSE}/sections`)).json();
  const section = freestGroup(api.sections as { id: number; minAge: number; maxAge: number; seatsLeft: number }[]);
  await page.goto(`${lang === "ar" ? "/ar" : ""}/courses/${ENROL_COURSE}`);
  await expect(page.getByRole("heading", { level: 2, name: t.heading })).toBeVisible();
  await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
  const email = `enrol-${lang}-${randomBytes(4).toString("hex")}@example.com`;
  await page.getByLabel(t.childName, { exact: true }).fill("Omar Haddad");
  await page.getByLabel(t.childAge, { exact: true }).fill(String(section.maxAge + 1));
  await page.getByLabel(t.parentName, { exact: true }).fill("Lina Haddad");
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.phone, { exact: true }).fill("9876543210");
  await page.getByRole("button", { name: t.submit, exact: true }).click();
  await expect(page.locator("#enrol").getByRole("alert").filter({ hasText: t.ages })).toBeVisible();
  await expect(page.getByLabel(t.childName, { exact: true })).toHaveValue("Omar Haddad");
  await page.getByLabel(t.childAge, { exact: true }).fill(String(section.minAge));
  await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
  await page.getByRole("button", { name: t.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/enrolments\/confirmed\?token=\d+_[\w-]{43}#main$/);
  await expect(page.getByRole("status").filter({ hasText: t.enrolled })).toBeVisible();
  const after = await (await page.request.get(`/api/courses/${ENROL_COURSE}/sections`)).json();
  expect(after.sections.find((s: { id: number }) => s.id === section.id).seatsLeft).toBe(section.seatsLeft - 1);
  // Nothing sticks out of a phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}
