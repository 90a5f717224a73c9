import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { signInAsAdmin } from "./accounts";
import { expect, shot, type Page } from "./fixtures";

/**
 * Staff send a broadcast to a group (issue 43 item 5, decision 134), at 390 px: from the inbox to
 * the broadcasts beside it, the group chosen, the text in both languages, a preview showing both
 * and who it reaches, then sent; the list shows it sent to the group's two families. The walk runs
 * with script in Arabic and without in English (decision 133); the rules are the API tests'.
 */

const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";

const T = {
  en: {
    broadcasts: "Broadcasts",
    audience: "Send to",
    bodyEn: "Message in English",
    bodyAr: "Message in Arabic",
    preview: "Preview",
    send: "Send broadcast",
    reaches: "Families it reaches now: 2",
    queued: "The broadcast is on its way.",
    sent: "Sent",
  },
  ar: {
    broadcasts: "الرسائل الجماعية",
    audience: "الإرسال إلى",
    bodyEn: "نص الرسالة بالإنجليزية",
    bodyAr: "نص الرسالة بالعربية",
    preview: "معاينة",
    send: "إرسال الرسالة الجماعية",
    reaches: "عدد العائلات التي تصلها الآن: 2",
    queued: "الرسالة الجماعية في طريقها.",
    sent: "أُرسلت",
  },
} as const;

function openDb() {
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

/**
 * A group starting next week with two children, each of a family of its own. Closed to enrolment:
 * open, with no classes written, it was the freest group of its course, which the timetable and
 * make-up walks of the lane enrol in (their child then had no class to show or report).
 */
function groupOfTwo(tag: string): { sectionId: number; emails: string[] } {
  const db = openDb();
  const now = new Date().toISOString();
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 7 * 86_400_000).toISOString();
  const course = db.prepare("select id, min_age, max_age from courses where slug = 'robotics-fundamentals'").get() as {
    id: number;
    min_age: number;
    max_age: number;
  };
  const section = db
    .prepare(
      "insert into course_sections (course_id, teacher_id, weekdays, start_time, duration_minutes, first_date, meeting_count, capacity, min_age, max_age, registration_closes_at, starts_at, ends_at, status, created_at, updated_at) values (?, null, '1', '10:00', 60, ?, 1, 12, ?, ?, ?, ?, ?, 'closed', ?, ?) returning id",
    )
    .get(course.id, at.slice(0, 10), course.min_age, course.max_age, at, at, at, now, now) as { id: number };
  const emails = [0, 1].map((i) => `bc${i}-${tag}@example.com`);
  emails.forEach((email, i) =>
    db
      .prepare(
        "insert into section_enrolments (reference, code, section_id, course_id, child_name, child_key, child_age, parent_name, email, phone, lang, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, '+919876543210', 'en', ?, ?)",
      )
      .run(
        randomBytes(8).toString("hex"),
        randomBytes(4).toString("hex").toUpperCase(),
        section.id,
        course.id,
        `Child ${i} ${tag}`,
        `child ${i} ${tag}`,
        course.min_age,
        `Parent ${i}`,
        email,
        now,
        now,
      ),
  );
  db.close();
  return { sectionId: section.id, emails };
}

function messagesOf(emails: readonly string[]): number {
  const db = openDb();
  const row = db
    .prepare(`select count(*) as n from messages where broadcast_id is not null and email in (${emails.map(() => "?").join(",")})`)
    .get(...emails) as {
    n: number;
  };
  db.close();
  return row.n;
}

export async function sendBroadcastToGroup(page: Page, lang: "en" | "ar", mode: "js" | "nojs") {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  const tag = `${lang}${mode}${Date.now() % 100000}`;
  const { sectionId, emails } = groupOfTwo(tag);
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${prefix}/admin/messages`);
  await page.getByRole("link", { name: t.broadcasts, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/admin/messages/broadcasts$`));
  await page.getByLabel(t.audience, { exact: true }).selectOption(`section:${sectionId}`);
  await page.getByLabel(t.bodyEn, { exact: true }).fill(`Robot fair on Friday ${tag}`);
  await page.getByLabel(t.bodyAr, { exact: true }).fill(`معرض الروبوتات يوم الجمعة ${tag}`);
  await page.getByRole("button", { name: t.preview, exact: true }).click();
  // Both languages as families will read them, and who it reaches: the group's two families.
  await expect(page.getByText(t.reaches)).toBeVisible();
  await expect(page.locator('p[lang="en"]', { hasText: `STEM Academy: Robot fair on Friday ${tag}` })).toBeVisible();
  await expect(page.locator('p[lang="ar"]', { hasText: `معرض الروبوتات يوم الجمعة ${tag}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `broadcast-preview-${lang}-390`, { fullPage: true });
  await page.getByRole("button", { name: t.send, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: t.queued })).toBeVisible();
  // The send job runs at once: the list shows it sent to the group's two families (its first figure).
  const item = page.getByRole("listitem").filter({ hasText: tag });
  await expect(async () => {
    await page.reload();
    await expect(item.locator("dd").first()).toHaveText("2", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(item.getByText(t.sent, { exact: true }).first()).toBeVisible();
  expect(messagesOf(emails)).toBe(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `broadcast-list-${lang}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, `broadcast-list-${lang}-1280`, { fullPage: true });
}
