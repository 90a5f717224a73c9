import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { previewToken } from "~/features/blog/blog-preview.server";
import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./accounts";

// Bulk actions on the submission lists with JavaScript, and the signed preview link of an
// unpublished blog post opened by someone without an account (issue 16).

const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";
const dbFile = path.join(dataDir, "app.db");

function openDb() {
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 5000");
  return db;
}

test("with JavaScript: select all on the page ticks in place, then one status change for all of them", async ({ page }) => {
  const tag = `js${Date.now()}`;
  const db = openDb();
  const now = new Date().toISOString();
  const insert = db.prepare(
    "insert into school_enquiries (name, email, contact_number, designation, city, school_name, preferred_date, preferred_time, requirements, status, notes, created_at, updated_at) values (?, ?, '9876543210', 'Head', 'Pune', ?, '2026-12-01', '10:00', '', 'new', '', ?, ?)",
  );
  for (let i = 0; i < 3; i++) insert.run(`${tag} ${i}`, `${tag}-${i}@example.com`, `School ${tag}`, now, now);
  db.close();
  await signInAsAdmin(page);
  await page.goto(`/ar/admin/submissions/school?q=${tag}`);
  await page.getByRole("link", { name: "تحديد كل صفوف هذه الصفحة" }).click();
  // Ticked in place: no reload with ?select=all.
  await expect(page).not.toHaveURL(/select=all/);
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(3);
  await page.getByLabel("تغيير الحالة إلى").selectOption("contacted");
  await page.getByRole("button", { name: "تغيير الحالة", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "تغيرت حالة 3 صفوف." })).toBeVisible();
  await expect(page.locator("tbody tr").filter({ hasText: tag })).toHaveCount(3);
  for (const row of await page.locator("tbody tr").filter({ hasText: tag }).all()) await expect(row).toContainText("تم التواصل");
});

function insertPost(slug: string, status: "draft" | "published", publishDate: string): number {
  const db = openDb();
  const now = new Date().toISOString();
  const content = JSON.stringify([{ type: "paragraph", value: "Secret launch text." }]);
  const id = db
    .prepare(
      `insert into blog_posts (slug, status, title_en, title_ar, description_en, description_ar, category_en, category_ar, content_en, content_ar,
      meta_title_en, meta_title_ar, meta_description_en, meta_description_ar, meta_keywords_en, meta_keywords_ar, image_url, author, publish_date, created_at, updated_at)
      values (?, ?, ?, ?, 'Coming soon', 'قريبًا', '', '', ?, ?, '', '', '', '', '', '', '', 'Staff', ?, ?, ?)`,
    )
    .run(
      slug,
      status,
      `Launch ${slug}`,
      `إطلاق ${slug}`,
      content,
      JSON.stringify([{ type: "paragraph", value: "نص الإطلاق." }]),
      publishDate,
      now,
      now,
    ).lastInsertRowid;
  db.close();
  return Number(id);
}

test("a scheduled post's share link opens for anyone, marked as a preview, never indexed; expired and altered links are refused", async ({ page, browser }) => {
  const slug = `e2e-preview-${Date.now()}`;
  const id = insertPost(slug, "published", "2099-01-01T00:00:00.000Z");
  await signInAsAdmin(page);
  await page.goto(`/admin/blogs/edit/${id}`);
  const share = page.getByRole("region", { name: "Share a preview" });
  await expect(share).toBeVisible();
  const url = await share.getByLabel("Preview link").inputValue();
  expect(url).toMatch(/\/blog-preview\?token=\d+\.\d+\.[\w-]{43}$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await share.getByRole("button", { name: "Copy share link" }).click();
  await expect(share.getByRole("status")).toHaveText("Link copied.");

  // A fresh browser context: no session, no cookies.
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  const answer = await guest.goto(url);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["cache-control"]).toContain("no-store");
  expect(answer?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(guest.getByRole("note")).toContainText("Preview — not published yet");
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(`Launch ${slug}`);
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // The Arabic twin of the link.
  await guest.goto(url.replace("/blog-preview", "/ar/blog-preview"));
  await expect(guest.getByRole("note")).toContainText("معاينة — لم يُنشر بعد");
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(`إطلاق ${slug}`);
  // The public address still knows nothing of it.
  expect((await guest.goto(`/blog/${slug}`))?.status()).toBe(404);

  // Expired (signed with the server's own secret, a past expiry): 410 with a clear message.
  const secret = readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();
  const expired = previewToken(secret, id, new Date(Date.now() - 60_000));
  const gone = await guest.goto(`/blog-preview?token=${expired}`);
  expect(gone?.status()).toBe(410);
  await expect(guest.getByRole("alert")).toHaveText("This preview link has expired. Ask the academy for a new one.");
  await guest.goto(`/ar/blog-preview?token=${expired}`);
  await expect(guest.getByRole("alert")).toHaveText("انتهت صلاحية رابط المعاينة هذا. اطلب رابطًا جديدًا من الأكاديمية.");
  // Altered: 404.
  const altered = url.replace(/token=(\d+)/, (_m, n: string) => `token=${Number(n) + 1}`);
  expect((await guest.goto(altered))?.status()).toBe(404);
  await expect(guest.getByRole("alert")).toHaveText("This preview link is not valid, or the post no longer exists.");
  // Deleted post: 404.
  const db = openDb();
  db.prepare("delete from blog_posts where id = ?").run(id);
  db.close();
  expect((await guest.goto(url))?.status()).toBe(404);
  await visitor.close();
});
