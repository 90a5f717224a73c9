import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { expect, test, type Page } from "./fixtures";
import { signInAsAdmin } from "./accounts";

/** A real PNG for the file picker (the server checks the bytes). */
async function pngFile(name: string, color: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 900, height: 500, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** The library card whose heading (its alt text in the page's language) is `alt`. */
const card = (page: Page, alt: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: alt, level: 3 }) });

test.describe("media library (issue 16)", () => {
  test("English: upload with alt texts, edit them, search, pick from the library in the course editor, and the public page uses the alt text", async ({
    page,
  }) => {
    test.slow();
    const tag = randomBytes(3).toString("hex");
    const altEn = `Children testing a line follower ${tag}`;
    await signInAsAdmin(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Media library" }).click();
    await expect(page.getByRole("heading", { name: "Media library", level: 1 })).toBeVisible();

    const upload = page.getByRole("form", { name: "Upload an image" });
    await upload.getByLabel("Image file").setInputFiles(await pngFile("robot.png", { r: 30, g: 160, b: 90 }));
    await upload.getByLabel("Alt text (English)").fill("Line follower");
    await upload.getByLabel("Alt text (Arabic)").fill("روبوت يتبع الخط");
    await expect(upload.getByLabel("Alt text (Arabic)")).toHaveAttribute("dir", "rtl");
    await upload.getByRole("button", { name: "Upload to the library" }).click();
    await expect(page.getByText("Image added to the library.").first()).toBeVisible();
    const item = card(page, "Line follower");
    await expect(item).toBeVisible();
    await expect(item.getByText("900 × 500 px")).toBeVisible();
    await expect(item.getByText("Not used by any page yet.")).toBeVisible();

    // Better words for it.
    await item.getByLabel("Alt text (English)").fill(altEn);
    await item.getByRole("button", { name: "Save alt text" }).click();
    const edited = card(page, altEn);
    await expect(edited.getByRole("status").filter({ hasText: "Alt text saved." })).toBeVisible();

    // Search by the Arabic words.
    await page.getByRole("search").getByLabel("Search the media library").fill("يتبع الخط");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByRole("status").filter({ hasText: /^1 image$/ })).toBeVisible();
    await expect(card(page, altEn)).toBeVisible();

    // An image field takes it from the library.
    const courses = (await (await page.request.get("/api/admin/courses?pageSize=1")).json()) as { rows: { id: number; slug: string }[] };
    const course = courses.rows[0]!;
    const before = (await (await page.request.get(`/api/admin/courses/${course.id}`)).json()) as { course: Record<string, unknown> & { imageUrl: string } };
    await page.goto(`/admin/courses/edit/${course.id}`);
    await page.getByRole("button", { name: "Choose from library" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose an image from the library" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Search the media library").fill(tag);
    await dialog.getByLabel("Search the media library").press("Enter");
    await expect(dialog.getByRole("status")).toHaveText("1 image");
    await dialog.getByRole("button", { name: new RegExp(altEn) }).click();
    await expect(dialog).toBeHidden();
    const answer = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes(`/api/admin/courses/${course.id}`));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    expect((await answer).status()).toBe(200);
    const saved = (await (await page.request.get(`/api/admin/courses/${course.id}`)).json()) as { course: { imageUrl: string } };
    expect(saved.course.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{24}-900\.webp$/);

    // The course page has no alt text of its own for the picture: the library's, in each language.
    await page.goto(`/courses/${course.slug}`);
    await expect(page.locator(`main img[src="${saved.course.imageUrl}"]`)).toHaveAttribute("alt", altEn);
    await page.goto(`/ar/courses/${course.slug}`);
    await expect(page.locator(`main img[src="${saved.course.imageUrl}"]`)).toHaveAttribute("alt", "روبوت يتبع الخط");

    // In use: the library says where, and refuses to delete it, naming the course.
    await page.goto(`/admin/media?q=${tag}`);
    const used = card(page, altEn);
    await expect(used.getByText("Used in")).toBeVisible();
    await used.getByRole("button", { name: /Delete image/ }).click();
    await expect(used.getByRole("alertdialog")).toContainText("Delete this image from the library?");
    await used.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(used.getByRole("alert")).toContainText(/This image is still used by Course “.+”\. Choose another image there first/);
    await expect(used).toBeVisible();

    // Put the course back as it was.
    const restore = await page.request.put(`/api/admin/courses/${course.id}`, {
      data: { ...before.course, imageUrl: before.course.imageUrl },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(restore.status()).toBe(200);
  });

  test("Arabic: the screen reads right to left, uploads, picks from the library in the product editor and deletes an unused image", async ({ page }) => {
    test.slow();
    const tag = randomBytes(3).toString("hex");
    await signInAsAdmin(page);
    await page.goto("/ar/admin/media");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "مكتبة الوسائط", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "الإدارة" }).getByRole("link", { name: "مكتبة الوسائط" })).toHaveAttribute("aria-current", "page");

    const upload = page.getByRole("form", { name: "رفع صورة" });
    await upload.getByLabel("ملف الصورة").setInputFiles(await pngFile("kit.png", { r: 200, g: 60, b: 60 }));
    await upload.getByLabel("النص البديل (بالإنجليزية)").fill(`Circuit kit ${tag}`);
    await upload.getByLabel("النص البديل (بالعربية)").fill(`عدة دوائر ${tag}`);
    await upload.getByRole("button", { name: "الرفع إلى المكتبة" }).click();
    await expect(page.getByText("أُضيفت الصورة إلى المكتبة.").first()).toBeVisible();
    const item = card(page, `عدة دوائر ${tag}`);
    await expect(item.getByText("لا تستخدمها أي صفحة بعد.")).toBeVisible();
    await expect(item.getByLabel("النص البديل (بالإنجليزية)")).toHaveAttribute("dir", "ltr");

    // A refused change says why, beside the field.
    await item.getByLabel("النص البديل (بالعربية)").evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
    await item.getByLabel("النص البديل (بالعربية)").fill("ن".repeat(301));
    await item.getByRole("button", { name: "حفظ النص البديل" }).click();
    await expect(item.getByLabel("النص البديل (بالعربية)")).toHaveAttribute("aria-invalid", "true");

    // The product editor picks it.
    await page.goto("/ar/admin/products/new");
    await page.getByRole("button", { name: "اختيار من المكتبة" }).click();
    const dialog = page.getByRole("dialog", { name: "اختر صورة من المكتبة" });
    await dialog.getByLabel("البحث في مكتبة الوسائط").fill(tag);
    await dialog.getByRole("button", { name: "بحث" }).click();
    await dialog.getByRole("button", { name: new RegExp(`عدة دوائر ${tag}`) }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "إزالة الصورة" })).toBeVisible();
    await expect(page.locator('main img[src^="/uploads/"]')).toBeVisible();

    // Unused: it goes after the question.
    await page.goto(`/ar/admin/media?q=${tag}`);
    const unused = card(page, `عدة دوائر ${tag}`);
    await unused.getByRole("button", { name: /حذف الصورة/ }).click();
    await unused.getByRole("button", { name: "نعم، احذفها" }).click();
    await expect(page.getByRole("status").filter({ hasText: "حُذفت الصورة من المكتبة." })).toBeVisible();
    await expect(card(page, `عدة دوائر ${tag}`)).toHaveCount(0);
    await expect(page.getByText("لا توجد صورة تطابق هذا البحث.")).toBeVisible();
  });
});
