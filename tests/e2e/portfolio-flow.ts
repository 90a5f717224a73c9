import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { expect, shot, type Browser, type Page } from "./fixtures";
import { instructorWithClass } from "./teaching-flow";

/**
 * Portfolios in the browser (issue 44 item 2, decision 135), at 390 px: an instructor opens the
 * class's roster, goes to the group's portfolio, adds a child's project with a photo (the child
 * ticked as in it), and the child's parent finds it on /account, the photo loaded through the
 * checked file route. Walked with script in Arabic and without in English (decision 133). The walk
 * with script also adds a one-second MP4 to the project (decision 144), which the parent finds as a
 * <video> played from its checked, ranged route.
 */

const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";

const T = {
  en: {
    email: "E-mail",
    password: "Password",
    signIn: "Sign in",
    link: "Portfolio",
    child: "Child",
    title: "Title",
    note: "Note",
    photo: "Photo or video",
    addVideo: "Add a photo or video",
    save: "Save project",
    saved: "Project saved.",
    projects: "Projects",
  },
  ar: {
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signIn: "دخول",
    link: "ملف الإنجازات",
    child: "الطفل",
    title: "العنوان",
    note: "ملاحظة",
    photo: "صورة أو فيديو",
    addVideo: "إضافة صورة أو فيديو",
    save: "حفظ المشروع",
    saved: "حُفظ المشروع.",
    projects: "المشاريع",
  },
} as const;

/** A parent whose proven e-mail is the first child's enrolment e-mail, signed in on a context of its own. */
export async function parentOf(browser: Browser, enrolmentId: number, tag: string, javaScriptEnabled: boolean) {
  const email = `portfolio-${tag}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled });
  const password = "Parent-Passw0rd";
  expect((await context.request.post("/register", { data: { username: "Mona Parent", email, password, contactNumber: "9876543210" } })).status()).toBe(201);
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  db.prepare("update users set email_verified_at = ? where email = ?").run(new Date().toISOString(), email);
  db.prepare("update section_enrolments set email = ? where id = ?").run(email, enrolmentId);
  db.close();
  expect((await context.request.post("/login", { data: { email, password } })).status()).toBe(200);
  return context;
}

/** A one-second MP4 made by ffmpeg (a system package, as on the server) in a temporary folder. */
function shortVideo(): { file: string; cleanUp: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "portfolio-video-"));
  const file = path.join(dir, "robot.mp4");
  const args = ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10", "-t", "1", "-pix_fmt", "yuv420p", file];
  execFileSync("ffmpeg", args, { timeout: 20_000 });
  return { file, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function portfolioWalk(
  page: Page,
  browser: Browser,
  lang: "en" | "ar",
  javaScriptEnabled: boolean,
  { withVideo = false }: { withVideo?: boolean } = {},
) {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  const tag = `pf${lang}${Date.now() % 100000}`;
  const { account, meetingId, names, enrolments } = await instructorWithClass(tag);
  const [amal] = names as [string];
  const title = lang === "ar" ? `روبوت يتبع الخط ${tag}` : `Line-following robot ${tag}`;
  // The family first: the project is recorded under the enrolment's e-mail when it is added.
  const context = await parentOf(browser, enrolments[0]!, tag, javaScriptEnabled);

  // The instructor: the class's roster, then the group's portfolio.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${prefix}/admin/login`);
  await page.getByLabel(t.email, { exact: true }).fill(account.email);
  await page.getByLabel(t.password, { exact: true }).fill(account.password);
  await page.getByRole("button", { name: t.signIn }).click();
  await expect(page).toHaveURL(/\/teaching/);
  await page.goto(`${prefix}/teaching/meetings/${meetingId}`);
  await page.getByRole("link", { name: t.link, exact: true }).click();
  await expect(page).toHaveURL(/\/teaching\/sections\/\d+\/portfolio/);
  const form = page.locator("#portfolio-new");
  await form.getByLabel(t.child).selectOption({ label: amal });
  await form.getByLabel(t.title).fill(title);
  await form.getByLabel(t.note).fill(lang === "ar" ? "بُني بحسّاسين." : "Built with two sensors.");
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  await form.getByLabel(t.photo).setInputFiles({ name: "robot.png", mimeType: "image/png", buffer: png });
  await form.getByRole("checkbox", { name: amal }).check();
  await shot(page, `portfolio-teaching-${lang}-390`, { fullPage: true });
  await form.getByRole("button", { name: t.save }).click();
  await expect(page.getByRole("status")).toContainText(t.saved);
  const card = page.locator(`li[data-project="${title}"]`);
  await expect(card.locator("img")).toHaveCount(1);
  expect(await card.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  if (withVideo) {
    // One more item on the project's card: a short MP4 through the same field, the child ticked.
    const video = shortVideo();
    try {
      await card.getByText(t.addVideo, { exact: true }).first().click();
      const more = card.locator("form");
      await more.getByLabel(t.photo).setInputFiles(video.file);
      await expect(more.getByRole("checkbox", { name: amal })).toBeChecked();
      await more.getByRole("button", { name: t.addVideo }).click();
    } finally {
      video.cleanUp();
    }
    await expect(card.locator("video")).toHaveCount(1);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `portfolio-teaching-saved-${lang}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, `portfolio-teaching-${lang}-1280`, { fullPage: true });

  // The parent: the project and its photo on /account.
  const parent = await context.newPage();
  await parent.setViewportSize({ width: 390, height: 900 });
  await parent.goto(`${prefix}/account`);
  const section = parent.getByRole("region", { name: t.projects, exact: true });
  await expect(section).toContainText(title);
  const photo = section.locator(`li[data-project="${title}"] img`);
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await photo.getAttribute("src")).toMatch(/^\/api\/portfolio\/photos\/\d+\?w=\d+$/);
  if (withVideo) {
    const video = section.locator(`li[data-project="${title}"] video`);
    await expect(video).toHaveCount(1);
    expect(await video.getAttribute("src")).toMatch(/^\/api\/portfolio\/videos\/\d+$/);
    // preload="metadata": the player has asked the ranged route and knows the length (about 1 s).
    await video.scrollIntoViewIfNeeded();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 1 && element.duration > 0.5)).toBe(true);
  }
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await section.scrollIntoViewIfNeeded();
  await shot(parent, `portfolio-account-${lang}-390`);
  await parent.setViewportSize({ width: 1280, height: 900 });
  await section.scrollIntoViewIfNeeded();
  await shot(parent, `portfolio-account-${lang}-1280`);
  await context.close();
}
