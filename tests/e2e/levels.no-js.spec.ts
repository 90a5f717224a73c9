import path from "node:path";
import Database from "better-sqlite3";
import { signInAsAdmin } from "./accounts";
import { expect, noScriptWalkLangs, shot, test, type Page } from "./fixtures";
import { instructorWithClass } from "./teaching-flow";

/**
 * Levels and skills (issue 44, decision 130) without JavaScript, at 390 px, in English (the walk
 * without script, decision 133; the Arabic texts stay for a walk in Arabic): staff
 * build a course's ladder on /admin/courses/edit/:id/levels; the class's instructor opens the
 * group's skills from the roster and marks them; a child achieving every skill of the first level
 * gets its certificate and a proposal of the next level's group. Screenshots at 390 and 1280 px.
 */

const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";

const T = {
  en: {
    nameEn: "Name in English",
    nameAr: "Name in Arabic",
    skillEn: "Skill in English",
    skillAr: "Skill in Arabic",
    addLevel: "Add a level",
    addSkill: "Add a skill",
    saved: "Saved.",
    skillsLink: "Skills and levels",
    achieved: "Achieved",
    working: "Working on it",
    save: "Save skills",
    skillsSaved: "Skills saved.",
  },
  ar: {
    nameEn: "الاسم بالإنجليزية",
    nameAr: "الاسم بالعربية",
    skillEn: "المهارة بالإنجليزية",
    skillAr: "المهارة بالعربية",
    addLevel: "إضافة مستوى",
    addSkill: "إضافة مهارة",
    saved: "حُفظ.",
    skillsLink: "المهارات والمستويات",
    achieved: "أتقنها",
    working: "يعمل عليها",
    save: "حفظ المهارات",
    skillsSaved: "حُفظت المهارات.",
  },
} as const;

function openDb() {
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Saved only when SHOTS_DIR is set (decision 133); the width check always runs.
    await shot(page, `levels-${name}-${width}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 390, height: 900 });
}

// Both walks build the same course's ladder: one after the other.
test.describe.configure({ mode: "serial" });

for (const lang of noScriptWalkLangs) {
  test(`staff build a ladder and an instructor marks skills from the roster, a level completed (${lang}, 390 px, no JavaScript)`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const t = T[lang];
    const prefix = lang === "ar" ? "/ar" : "";
    const tag = `${lang}${Date.now() % 100000}`;
    const { account, meetingId, names } = await instructorWithClass(`lv${tag}`);
    const db = openDb();
    const course = db.prepare("select id from courses where slug = 'robotics-fundamentals'").get() as { id: number };
    db.prepare("delete from course_levels where course_id = ?").run(course.id);
    db.close();

    // Staff: two levels, the first with two skills, the second with one.
    await page.setViewportSize({ width: 390, height: 900 });
    await signInAsAdmin(page);
    await page.goto(`${prefix}/admin/courses/edit/${course.id}/levels`);
    const ladder: [string, string, [string, string][]][] = [
      [
        `Scratch ${tag}`,
        `سكراتش ${tag}`,
        [
          ["Moves a sprite", "يحرّك كائنًا"],
          ["Uses a loop", "يستخدم حلقة تكرار"],
        ],
      ],
      [`Python ${tag}`, `بايثون ${tag}`, [["Prints text", "يطبع نصًا"]]],
    ];
    for (const [en, ar, skills] of ladder) {
      const form = page.locator("#level-new");
      await form.getByLabel(t.nameEn).fill(en);
      await form.getByLabel(t.nameAr).fill(ar);
      await form.getByRole("button", { name: t.addLevel }).click();
      await expect(page.getByRole("status")).toContainText(t.saved);
      for (const [skillEn, skillAr] of skills) {
        const add = page.locator(`section[data-level="${en}"] form[id^="skill-new-"]`);
        await add.getByLabel(t.skillEn).fill(skillEn);
        await add.getByLabel(t.skillAr).fill(skillAr);
        await add.getByRole("button", { name: t.addSkill }).click();
        await expect(page.getByRole("status")).toContainText(t.saved);
      }
    }
    await expect(page.locator(`section[data-level="Scratch ${tag}"] form[id^="skill-"]:not([id^="skill-new-"])`)).toHaveCount(2);
    await shots(page, `ladder-${lang}`);

    // The instructor, from the class's roster to the group's skills.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const teaching = await context.newPage();
    await teaching.setViewportSize({ width: 390, height: 900 });
    await teaching.goto(`${prefix}/admin/login`);
    await teaching.getByLabel(lang === "ar" ? "البريد الإلكتروني" : "E-mail", { exact: true }).fill(account.email);
    await teaching.getByLabel(lang === "ar" ? "كلمة المرور" : "Password", { exact: true }).fill(account.password);
    await teaching.getByRole("button", { name: lang === "ar" ? "دخول" : "Sign in" }).click();
    await expect(teaching).toHaveURL(/\/teaching/);
    await teaching.goto(`${prefix}/teaching/meetings/${meetingId}`);
    await teaching.getByRole("link", { name: t.skillsLink }).click();
    await expect(teaching).toHaveURL(/\/teaching\/sections\/\d+\/skills/);
    expect(await teaching.locator("script[src*='entry.client'], link[rel=modulepreload]").count()).toBe(0);
    const [amal, bilal] = names as [string, string];
    const first = teaching.locator(`li[data-child="${amal}"]`);
    for (const fieldset of await first.locator("fieldset").all()) await fieldset.getByLabel(t.achieved).check();
    await teaching.locator(`li[data-child="${bilal}"] fieldset`).first().getByLabel(t.working).check();
    await shots(teaching, `skills-${lang}`);
    await teaching.getByRole("button", { name: t.save }).click();
    await expect(teaching.getByRole("status")).toContainText(t.skillsSaved);
    // Amal is on the next level now; the first is listed as completed.
    await expect(first).toContainText(lang === "ar" ? `بايثون ${tag}` : `Python ${tag}`);
    await expect(first).toContainText(lang === "ar" ? `سكراتش ${tag}` : `Scratch ${tag}`);
    await expect(teaching.locator(`li[data-child="${bilal}"] fieldset`).first().getByLabel(t.working)).toBeChecked();
    await shots(teaching, `skills-saved-${lang}`);
    await context.close();

    // One certificate and one proposal for Amal's completed level.
    const check = openDb();
    const completion = check.prepare("select id from level_completions where child_name = ?").all(amal) as { id: number }[];
    expect(completion).toHaveLength(1);
    expect(check.prepare("select count(*) as n from certificates where level_completion_id = ?").get(completion[0]!.id)).toEqual({ n: 1 });
    expect(check.prepare("select count(*) as n from messages where key like ?").get(`level-proposal:${completion[0]!.id}:%`)).toEqual({ n: 1 });
    check.close();
  });
}
