import { randomBytes } from "node:crypto";
import ICAL from "ical.js";
import { expect, type Page, shot } from "./fixtures";
import { provenParent } from "./accounts";
import { COURSE, freestGroup } from "./enrol-flow";

const LABELS = {
  en: {
    childName: "Child's full name",
    childAge: "Child's age",
    phone: "Phone",
    submit: "Enrol",
    enrolled: "The child is enrolled",
    timetable: "Timetable",
    make: "Make my calendar link",
    link: "Your calendar link",
    renew: "Make a new link",
    off: "Switch off the link",
    none: "You have no calendar link.",
  },
  ar: {
    childName: "اسم الطفل الكامل",
    childAge: "عمر الطفل",
    phone: "الهاتف",
    submit: "سجّل",
    enrolled: "تمّ تسجيل الطفل",
    timetable: "جدول الحصص",
    make: "أنشئ رابط التقويم",
    link: "رابط التقويم الخاص بكم",
    renew: "أنشئ رابطًا جديدًا",
    off: "أوقف الرابط",
    none: "ليس لديكم رابط تقويم.",
  },
} as const;

/**
 * Issue 29's family walk: a signed-in parent enrols a child from the course page, finds every class
 * of the term in /account's timetable, makes the private calendar link, and the calendar app's
 * fetch of it parses as RFC 5545 with every meeting; a new link ends the old one. Screenshots at
 * 390 px and 1280 px go to SHOTS_DIR when it is set.
 */
export async function familyTimetableWalk(page: Page, lang: "en" | "ar", mode: "js" | "no-js") {
  const t = LABELS[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  await provenParent(page.request, `timetable-${lang}`);
  const api = await (await page.request.get(`/api/courses/${COURSE}/sections`)).json();
  const section = freestGroup(api.sections as { id: number; minAge: number; seatsLeft: number; meetings: { startsAt: string }[] }[]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${prefix}/courses/${COURSE}`);
  await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
  const child = `Sami ${randomBytes(3).toString("hex")}`;
  await page.getByLabel(t.childName, { exact: true }).fill(child);
  await page.getByLabel(t.childAge, { exact: true }).fill(String(section.minAge));
  await page.getByLabel(t.phone, { exact: true }).fill("9876543210");
  await page.getByRole("button", { name: t.submit, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: t.enrolled })).toBeVisible();

  await page.goto(`${prefix}/account`);
  const timetable = page.getByRole("region", { name: t.timetable, exact: true });
  await expect(timetable.getByRole("heading", { level: 3, name: child })).toBeVisible();
  const upcoming = section.meetings.filter((m) => Date.parse(m.startsAt) > Date.now()).length;
  await expect(timetable.locator("li[data-meeting]")).toHaveCount(upcoming);
  // Nothing sticks out of a phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole("button", { name: t.make, exact: true }).click();
  const field = page.getByLabel(t.link, { exact: true });
  await expect(field).toHaveValue(/\/api\/calendar-feeds\/[\w-]{43}\.ics$/);
  const url = await field.inputValue();
  if (process.env.SHOTS_DIR) {
    await page.getByRole("region", { name: t.timetable, exact: true }).scrollIntoViewIfNeeded();
    await shot(page, `account-${lang}-${mode}-390`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, `account-${lang}-${mode}-1280`, { fullPage: true });
    await page.goto(`${prefix}/courses/${COURSE}#enrol`);
    await shot(page, `course-${lang}-${mode}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `course-${lang}-${mode}-390`);
    await page.goto(`${prefix}/account`);
  }

  // What a calendar app does: fetch the URL, no cookie, and parse it.
  const feed = await page.request.get(new URL(url).pathname, { headers: { cookie: "" } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const starts = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent).startDate.toJSDate().toISOString());
  for (const meeting of section.meetings) expect(starts).toContain(new Date(meeting.startsAt).toISOString());

  // A new link ends the old one; switching it off ends the new one.
  await page.getByRole("button", { name: t.renew, exact: true }).click();
  await expect(field).not.toHaveValue(url);
  expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);
  await page.getByRole("button", { name: t.off, exact: true }).click();
  await expect(page.getByText(t.none, { exact: true })).toBeVisible();
}
