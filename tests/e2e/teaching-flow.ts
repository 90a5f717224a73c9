import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { startedToday } from "~server/test/teaching-fixture";
import { createAdminAccount } from "./accounts";
import { expect, type Page } from "./fixtures";

/**
 * An instructor's class day in the browser (issue 30): an instructor of one teacher profile signs
 * in at the staff sign-in, lands on /teaching, opens today's class, marks everyone present, then one
 * child absent with a note. The same walk runs with and without JavaScript, at 390 px, in both
 * languages; screenshots at 390 and 1280 px go to SHOTS.
 */

const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";
export const SHOTS = process.env.TEACH_SHOTS ?? "/tmp/shots-teach";

const T = {
  en: {
    email: "E-mail",
    password: "Password",
    signIn: "Sign in",
    allPresent: "Mark all present",
    absent: "Absent",
    note: "Note",
    save: "Save attendance",
    saved: "Attendance saved.",
    today: "Today",
  },
  ar: {
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signIn: "دخول",
    allPresent: "سجّل حضور الجميع",
    absent: "غياب",
    note: "ملاحظة",
    save: "احفظ الحضور",
    saved: "تم حفظ الحضور.",
    today: "اليوم",
  },
} as const;

function openDb() {
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

/** An instructor linked to a fresh teacher profile, and a class of theirs under way with three children. */
export async function instructorWithClass(tag: string) {
  const email = `teach-${tag}-${randomBytes(3).toString("hex")}@example.com`;
  const account = await createAdminAccount(email, "Teach-Passw0rd", `Instructor ${tag}`);
  const db = openDb();
  const now = new Date().toISOString();
  const teacher = db
    .prepare(
      "insert into teachers (name_en, name_ar, profile_en, profile_ar, experience_en, experience_ar, subjects, photo, created_at, updated_at) values (?, ?, '', '', '', '', '', '', ?, ?) returning id",
    )
    .get(`Teacher ${tag}`, `المدرّب ${tag}`, now, now) as { id: number };
  db.prepare("update users set role = 'instructor', teacher_id = ? where email = ?").run(teacher.id, email);
  const course = db.prepare("select id, min_age, max_age from courses where slug = 'robotics-fundamentals'").get() as {
    id: number;
    min_age: number;
    max_age: number;
  };
  const at = startedToday(5).toISOString();
  const section = db
    .prepare(
      "insert into course_sections (course_id, teacher_id, weekdays, start_time, duration_minutes, first_date, meeting_count, capacity, min_age, max_age, registration_closes_at, starts_at, ends_at, created_at, updated_at) values (?, ?, '1', '10:00', 60, ?, 1, 12, ?, ?, ?, ?, ?, ?, ?) returning id",
    )
    .get(course.id, teacher.id, at.slice(0, 10), course.min_age, course.max_age, at, at, at, now, now) as { id: number };
  const meeting = db
    .prepare("insert into section_meetings (section_id, starts_at, duration_minutes, created_at, updated_at) values (?, ?, 60, ?, ?) returning id")
    .get(section.id, at, now, now) as { id: number };
  const names = [`Amal ${tag}`, `Bilal ${tag}`, `Chen ${tag}`];
  const enrolments = names.map((name, i) => {
    const row = db
      .prepare(
        "insert into section_enrolments (reference, code, section_id, course_id, child_name, child_key, child_age, parent_name, email, phone, lang, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, '+919876543210', 'en', ?, ?) returning id",
      )
      .get(
        randomBytes(8).toString("hex"),
        randomBytes(4).toString("hex").toUpperCase(),
        section.id,
        course.id,
        name,
        name.toLowerCase(),
        course.min_age + i,
        `Parent ${i}`,
        `p${i}-${tag}@example.com`,
        now,
        now,
      ) as { id: number };
    return row.id;
  });
  db.close();
  return { account, meetingId: meeting.id, names, enrolments };
}

export function marksOf(meetingId: number) {
  const db = openDb();
  const rows = db
    .prepare(
      "select e.child_name as name, a.status, a.note from meeting_attendance a join section_enrolments e on e.id = a.enrolment_id where a.meeting_id = ? order by e.child_name",
    )
    .all(meetingId);
  db.close();
  return rows as { name: string; status: string; note: string }[];
}

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 390, height: 900 });
}

/** The walk itself, at 390 px: sign in, today's class, all present, one absent with a note. */
export async function takeAttendance(page: Page, lang: "en" | "ar", mode: "js" | "nojs") {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  const tag = `${lang}${mode}${Date.now() % 100000}`;
  const { account, meetingId, names } = await instructorWithClass(tag);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${prefix}/admin/login`);
  await page.getByLabel(t.email, { exact: true }).fill(account.email);
  await page.getByLabel(t.password, { exact: true }).fill(account.password);
  await page.getByRole("button", { name: t.signIn }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/teaching(\\?notice=login-ok#form-notice)?$`));
  // No React on the teaching pages, signed in or not (decision 074).
  expect(await page.locator("script[src*='entry.client'], link[rel=modulepreload]").count()).toBe(0);
  await expect(page.getByRole("heading", { name: t.today })).toBeVisible();
  await shots(page, `teaching-${lang}-${mode}`);
  await page.locator(`a[href$="/teaching/meetings/${meetingId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/teaching/meetings/${meetingId}`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator(`a[href="tel:+919876543210"]`).first()).toBeVisible();
  await page.getByRole("button", { name: t.allPresent }).click();
  await expect(page.getByRole("status")).toHaveText(t.saved);
  expect(marksOf(meetingId).map((m) => m.status)).toEqual(["present", "present", "present"]);
  const first = page.locator(`li[data-child="${names[0]}"]`);
  await first.getByRole("radio", { name: t.absent, exact: true }).check();
  await first.getByLabel(t.note).fill("Fever — mother called");
  await shots(page, `meeting-${lang}-${mode}`);
  await page.getByRole("button", { name: t.save }).click();
  await expect(page.getByRole("status")).toHaveText(t.saved);
  await expect(page.locator(`li[data-child="${names[0]}"]`).getByRole("radio", { name: t.absent, exact: true })).toBeChecked();
  expect(marksOf(meetingId)).toEqual([
    { name: names[0], status: "absent", note: "Fever — mother called" },
    { name: names[1], status: "present", note: "" },
    { name: names[2], status: "present", note: "" },
  ]);
  // /admin stays closed to an instructor.
  expect((await page.request.get(`${prefix}/admin`, { maxRedirects: 0 })).status()).toBe(403);
}
