import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { signInAsAdmin } from "./accounts";
import { expect, shot, type Page } from "./fixtures";

/**
 * Staff read retention and download its CSV (issue 44 item 4, decision 136), at 390 px: from the
 * dashboard's link to /admin/retention, the last whole term by default, another term through the
 * GET form, the figures' CSV downloaded. The walk's own instructor names two groups (last term and
 * this one), so its rows are its own whatever other walks enrolled.
 */

const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";

const T = {
  en: { show: "Show", csv: "Download as CSV", term: "Term", link: "Retention, fill rate and demo conversion by source", title: "Retention and occupancy" },
  ar: {
    show: "اعرض",
    csv: "تنزيل ملف CSV",
    term: "الفصل الدراسي",
    link: "استمرار التسجيل ونسبة الإشغال والتحويل من الحصة التجريبية حسب المصدر",
    title: "استمرار التسجيل وإشغال المجموعات",
  },
} as const;

/** The calendar quarter of a day, and the quarter `by` before or after: the screen's terms. */
const quarter = (date: Date, by = 0) => {
  const index = date.getUTCFullYear() * 4 + Math.floor(date.getUTCMonth() / 3) + by;
  return { term: `${Math.floor(index / 4)}-Q${(index % 4) + 1}`, first: `${Math.floor(index / 4)}-${String((index % 4) * 3 + 1).padStart(2, "0")}-05` };
};

/** Last term: two children in the walk's instructor's group; this term: one of them back, in a group of two seats with one child waiting. */
function seed(tag: string, lang: "en" | "ar") {
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  try {
    const now = new Date().toISOString();
    // UTC's quarter: the academy's differs only for a few hours at a quarter's edge.
    const today = new Date();
    const [last, current] = [quarter(today, -1), quarter(today)];
    const name = `Retention ${tag}`;
    const teacher = db
      .prepare(
        "insert into teachers (name_en, name_ar, profile_en, profile_ar, experience_en, experience_ar, subjects, photo, created_at, updated_at) values (?, ?, '', '', '', '', '', '', ?, ?) returning id",
      )
      .get(name, name, now, now) as { id: number };
    const course = db.prepare("select id from courses where slug = 'robotics-fundamentals'").get() as { id: number };
    const group = (first: string, endsAt: string, capacity: number, taken: number) =>
      (
        db
          .prepare(
            "insert into course_sections (course_id, teacher_id, weekdays, start_time, duration_minutes, first_date, meeting_count, capacity, seats_taken, min_age, max_age, registration_closes_at, starts_at, ends_at, created_at, updated_at) values (?, ?, '2', '16:00', 60, ?, 10, ?, ?, 6, 18, ?, ?, ?, ?, ?) returning id",
          )
          .get(course.id, teacher.id, first, capacity, taken, `${first}T10:00:00.000Z`, `${first}T10:00:00.000Z`, endsAt, now, now) as { id: number }
      ).id;
    const before = group(last.first, `${last.first}T11:00:00.000Z`, 10, 2);
    const nowGroup = group(current.first, new Date(Date.now() + 200 * 86_400_000).toISOString(), 2, 1);
    const enrol = (section: number, child: string) =>
      db
        .prepare(
          "insert into section_enrolments (reference, code, section_id, course_id, child_name, child_key, child_age, parent_name, email, phone, lang, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 9, 'Parent', ?, '+971501234567', ?, ?, ?)",
        )
        .run(
          randomBytes(8).toString("hex"),
          randomBytes(4).toString("hex").toUpperCase(),
          section,
          course.id,
          child,
          child.toLowerCase(),
          `${child.replace(/\W/g, "")}@example.com`,
          lang,
          now,
          now,
        );
    enrol(before, `Hind ${tag}`);
    enrol(before, `Karim ${tag}`);
    enrol(nowGroup, `Hind ${tag}`);
    db.prepare(
      "insert into section_waitlist (section_id, course_id, child_name, child_age, parent_name, email, phone, lang, status, created_at, updated_at) values (?, ?, ?, 9, 'Parent', ?, '+971501234567', ?, 'waiting', ?, ?)",
    ).run(nowGroup, course.id, `Lama ${tag}`, `lama-${tag}@example.com`, lang, now, now);
    return { teacher: teacher.id, name, last: last.term, current: current.term, nowGroup };
  } finally {
    db.close();
  }
}

export async function staffReadRetention(page: Page, lang: "en" | "ar") {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  const tag = `${lang}${randomBytes(3).toString("hex")}`;
  const seeded = seed(tag, lang);
  await page.setViewportSize({ width: 390, height: 900 });
  await signInAsAdmin(page);
  await page.goto(`${prefix}/admin`);
  // The dashboard shows the last whole term's figure beside the link.
  await expect(page.getByTestId("retention-headline")).toContainText(seeded.last);
  const link = page.getByRole("link", { name: t.link });
  await link.scrollIntoViewIfNeeded();
  await shot(page, `retention-dashboard-${lang}-390`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/admin/retention$`));
  await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();

  // The last whole term by default: the instructor's two children, one back this term (50%).
  await expect(page.getByTestId("retention-term")).toContainText(seeded.last);
  const row = page.locator(`[data-breakdown=instructor] tr[data-key="${seeded.teacher}"]`);
  await expect(row).toContainText(seeded.name);
  await expect(row.locator("td")).toHaveText(["2", "1", "50%"]);
  // Fill rate and waitlist pressure of this term's group: 1 of 2 seats, one child waiting per two seats.
  const group = page.locator(`[data-testid=occupancy] tr[data-group="${seeded.nowGroup}"]`);
  await expect(group.locator("[data-fill]")).toHaveText("50%");
  await expect(group.locator("[data-pressure]")).toHaveText("0.50");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `retention-${lang}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, `retention-${lang}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });

  // Another term through the GET form: this term's child has no next term yet (0%).
  await page.getByRole("combobox", { name: t.term }).selectOption(seeded.current);
  await page.getByRole("button", { name: t.show }).click();
  await expect(page).toHaveURL(new RegExp(`term=${seeded.current}`));
  await expect(page.locator(`[data-breakdown=instructor] tr[data-key="${seeded.teacher}"] td`)).toHaveText(["1", "0", "0%"]);

  // The CSV of the figures shown, in the page's language.
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("[data-csv=retention]").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^retention-${seeded.current}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const text = readFileSync((await download.path())!, "utf8");
  const lines = text.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("term,next_term,by,key,name,children,returned,retention_percent");
  expect(lines).toContain(`${seeded.current},${shiftedNext(seeded.current)},instructor,${seeded.teacher},${seeded.name},1,0,0`);
  expect(await page.locator("[data-csv]").count()).toBe(3);
}

const shiftedNext = (term: string) => {
  const [year, q] = [Number(term.slice(0, 4)), Number(term.slice(6))];
  return q === 4 ? `${year + 1}-Q1` : `${year}-Q${q + 1}`;
};
