import { randomBytes } from "node:crypto";
import { parseEml } from "~server/test/outbox";
import { outboxMails, signInAsAdmin } from "./accounts";
import { expect, type Page } from "./fixtures";

/**
 * The sections' waitlist, moves and drops in the browser (issue 29, decisions 066 and 067): a
 * parent joins a full group's waitlist from the course page, staff drop the child holding the seat
 * and move another child on the staff's enrolment page, the waitlisted parent accepts the held seat,
 * and a parent moves then drops from the enrolment's own page. The same walk runs with and without
 * JavaScript; screenshots at 390 and 1280 px go to /tmp/shots-secmoves.
 */

const COURSE = "robotics-fundamentals";
const SHOTS = "/tmp/shots-secmoves";

const T = {
  en: {
    childName: "Child's full name",
    childAge: "Child's age",
    parentName: "Parent's name",
    email: "E-mail",
    phone: "Phone",
    join: "Join the waitlist",
    first: "You are number 1 in line.",
    held: "A seat is held for you until",
    accept: "Accept the seat",
    moveSubmit: "Move to this group",
    moved: "The child has moved to the new group.",
    dropSubmit: "Drop the enrolment",
    staffReason: "Reason (told to the family)",
    reason: "Reason (optional)",
    dropped: "The enrolment has ended and the seat is freed.",
    droppedStatus: "Dropped",
    manageHeading: "Your enrolment",
  },
  ar: {
    childName: "اسم الطفل الكامل",
    childAge: "عمر الطفل",
    parentName: "اسم وليّ الأمر",
    email: "البريد الإلكتروني",
    phone: "الهاتف",
    join: "انضم إلى قائمة الانتظار",
    first: "ترتيبكم في قائمة الانتظار: 1.",
    held: "مقعد محجوز لكم حتى",
    accept: "اقبل المقعد",
    moveSubmit: "النقل إلى هذه المجموعة",
    moved: "انتقل الطفل إلى المجموعة الجديدة.",
    dropSubmit: "ألغِ التسجيل",
    staffReason: "السبب (يُبلَّغ إلى العائلة)",
    reason: "السبب (اختياري)",
    dropped: "انتهى التسجيل وأصبح المقعد متاحًا.",
    droppedStatus: "أُلغي التسجيل",
    manageHeading: "تسجيلكم",
  },
} as const;

let day = 30;

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

/** The enrolment page's link in the newest e-mail to that address. */
async function manageLink(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      for (const raw of outboxMails()) {
        const mail = parseEml(raw);
        if (mail.to !== email) continue;
        const found = /https?:\/\/\S+?(\/(?:ar\/)?enrolments\/manage\?token=[\w-]+)/.exec(mail.text);
        if (found) {
          link = found[1]!;
          return link;
        }
      }
      return "";
    })
    .toContain("/enrolments/manage?token=");
  return link;
}

export async function sectionMovesWalk(page: Page, lang: "en" | "ar", variant: "js" | "no-js") {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  const tag = `${lang}-${variant}`;
  await signInAsAdmin(page);
  const courseRow = (await (await page.request.get(`/api/courses/${COURSE}/sections`)).json()) as { course: { id: number }; sections: { minAge: number }[] };
  const age = courseRow.sections[0]!.minAge;
  day += 3;
  const firstDate = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
  const group = async (capacity: number, startTime: string) => {
    const res = await page.request.post("/api/admin/sections", {
      data: { courseId: courseRow.course.id, weekdays: [0, 6], startTime, durationMinutes: 60, firstDate, meetings: 3, capacity },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const full = await group(1, "08:15");
  const other = await group(3, "12:45");
  const person = (email: string, childName: string) => ({ childName, childAge: age, parentName: "Huda Saleh", email, phone: "9876543210" });
  const enrolByApi = async (sectionId: number, email: string, childName: string) => {
    const res = await page.request.post(`/api/sections/${sectionId}/enrolments`, { data: person(email, childName), headers: { "accept-language": lang } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { reference: string }).reference;
  };
  const suffix = randomBytes(4).toString("hex");
  const holder = await enrolByApi(full, `holder-${suffix}@example.com`, "Seat Holder");
  const movingEmail = `moving-${suffix}@example.com`;
  const moving = await enrolByApi(other, movingEmail, "Karim Saleh");

  // The course page: the full group offers its waitlist; the same form joins it.
  await page.goto(`${prefix}/courses/${COURSE}`);
  await page.locator(`input[name="sectionId"][value="${full}"]`).check();
  const waiterEmail = `waiter-${suffix}@example.com`;
  await page.getByLabel(t.childName, { exact: true }).fill("Maya Saleh");
  await page.getByLabel(t.childAge, { exact: true }).fill(String(age));
  await page.getByLabel(t.parentName, { exact: true }).fill("Huda Saleh");
  await page.getByLabel(t.email, { exact: true }).fill(waiterEmail);
  await page.getByLabel(t.phone, { exact: true }).fill("9876543210");
  await page.locator(`input[name="sectionId"][value="${full}"]`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/course-full-group-${tag}-${page.viewportSize()?.width ?? 0}.png` });
  await page.getByRole("button", { name: t.join, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${prefix}/sections/waitlist\\?token=`));
  await expect(page.getByText(t.first)).toBeVisible();
  const waitlistUrl = page.url();
  await shots(page, `section-waitlist-${tag}`);

  // Staff drop the seat holder (reason required) on the staff's enrolment page: the seat is held for Maya.
  await page.goto(`${prefix}/admin/enrolments/${holder}`);
  await page.getByLabel(t.staffReason, { exact: true }).fill("The family asked to leave.");
  await page.getByRole("button", { name: t.dropSubmit, exact: true }).click();
  await expect(page).toHaveURL(/\?done=dropped$/);
  await expect(page.getByRole("status").filter({ hasText: t.dropped })).toBeVisible();

  // Staff move Karim to a third group (the full one's seat is held for Maya).
  const third = await group(2, "15:30");
  await page.goto(`${prefix}/admin/enrolments/${moving}`);
  await shots(page, `admin-enrolment-${tag}`);
  await page.locator(`#staff-move-${third}`).check();
  await page.getByRole("button", { name: t.moveSubmit, exact: true }).click();
  await expect(page).toHaveURL(/\?done=moved$/);
  await expect(page.getByRole("status").filter({ hasText: t.moved })).toBeVisible();
  const seats = async (id: number) => {
    const list = (await (await page.request.get("/api/admin/sections")).json()) as { sections: { id: number; seatsTaken: number }[] };
    return list.sections.find((s) => s.id === id)!.seatsTaken;
  };
  expect([await seats(other), await seats(third), await seats(full)]).toEqual([0, 1, 1]);

  // Maya's parent accepts the held seat: the enrolment's own page opens.
  await page.goto(waitlistUrl);
  await expect(page.getByText(t.held)).toBeVisible();
  await page.getByRole("button", { name: t.accept, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/enrolments/manage\\?token=`));
  await expect(page.getByRole("heading", { level: 1, name: t.manageHeading })).toBeVisible();

  // Karim's parent, from the link in the e-mail: move back, then drop.
  await page.goto(await manageLink(movingEmail));
  await shots(page, `enrolment-manage-${tag}`);
  await page.locator(`#move-${other}`).check();
  await page.getByRole("button", { name: t.moveSubmit, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: t.moved })).toBeVisible();
  expect([await seats(other), await seats(third)]).toEqual([1, 0]);
  await page.getByLabel(t.reason, { exact: true }).fill("Clashes with football.");
  await page.getByRole("button", { name: t.dropSubmit, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: t.dropped })).toBeVisible();
  await expect(page.getByText(t.droppedStatus, { exact: true })).toBeVisible();
  expect(await seats(other)).toBe(0);
  await shots(page, `enrolment-dropped-${tag}`);
}
