import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { createAdminAccount } from "./accounts";

// The media library without JavaScript (issue 16): the upload form posts the file to the page,
// the alt text forms and the delete (after its question) post to it too.

test("without JavaScript: upload with alt texts, a refused upload, alt text change and delete", async ({ page }) => {
  const staff = await createAdminAccount(`media-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Media Staff");
  await page.goto("/ar/admin/login");
  await page.getByLabel("البريد الإلكتروني", { exact: true }).fill(staff.email);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(staff.password);
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(/\/ar\/admin\?notice=login-ok/);

  const tag = randomBytes(3).toString("hex");
  await page.goto("/ar/admin/media");
  const upload = page.getByRole("form", { name: "رفع صورة" });
  // No file chosen: the browser's own check is bypassed, the server asks for one.
  await upload.getByLabel("ملف الصورة").evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
  await upload.getByLabel("النص البديل (بالعربية)").fill(`لوحة ${tag}`);
  await upload.getByRole("button", { name: "الرفع إلى المكتبة" }).click();
  await expect(page.getByRole("form", { name: "رفع صورة" }).getByRole("alert")).toHaveText("اختر ملف صورة لرفعه.");
  await expect(page.getByRole("form", { name: "رفع صورة" }).getByLabel("النص البديل (بالعربية)")).toHaveValue(`لوحة ${tag}`);

  const buffer = await sharp({ create: { width: 500, height: 300, channels: 3, background: { r: 20, g: 20, b: 200 } } })
    .png()
    .toBuffer();
  await page.getByRole("form", { name: "رفع صورة" }).getByLabel("ملف الصورة").setInputFiles({ name: "board.png", mimeType: "image/png", buffer });
  await page.getByRole("form", { name: "رفع صورة" }).getByRole("button", { name: "الرفع إلى المكتبة" }).click();
  await expect(page.getByRole("status").filter({ hasText: "أُضيفت الصورة إلى المكتبة." })).toBeVisible();

  await page.goto(`/admin/media?q=${tag}`);
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "No alt text yet", level: 3 }) });
  await expect(item.getByText("500 × 300 px")).toBeVisible();
  await item.getByLabel("Alt text (English)").fill(`Circuit board ${tag}`);
  await item.getByRole("button", { name: "Save alt text" }).click();
  const named = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Circuit board ${tag}`, level: 3 }) });
  await expect(named.getByRole("status")).toHaveText("Alt text saved.");
  await expect(named.getByLabel("Alt text (Arabic)")).toHaveValue(`لوحة ${tag}`);

  await named.getByRole("button", { name: /Delete image/ }).click();
  await expect(named.getByRole("alertdialog")).toBeVisible();
  await named.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image deleted from the library." })).toBeVisible();
  await expect(page.getByText("No image matches this search.")).toBeVisible();
});

test("without JavaScript: an image over the size limit brings the page back saying so", async ({ page }) => {
  const staff = await createAdminAccount(`media-big-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Media Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.locator("main form button[type=submit]").click();
  await expect(page).toHaveURL(/\/admin\?notice=login-ok/);

  for (const [prefix, message] of [
    ["", "The image is too large. The limit is 10 MB."],
    ["/ar", "الصورة كبيرة جدًا. الحد الأقصى 10 ميغابايت."],
  ] as const) {
    await page.goto(`${prefix}/admin/media`);
    const upload = page.locator("form").filter({ has: page.locator("input[type=file]") });
    // 11 MB: over the 10 MB limit (MAX_UPLOAD_BYTES' default) and the form's few fields.
    await upload.locator("input[type=file]").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
    await upload.locator("button[type=submit]").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/media\\?upload=too-large#media-upload-title$`));
    await expect(
      page
        .locator("form")
        .filter({ has: page.locator("input[type=file]") })
        .getByRole("alert"),
    ).toHaveText(message);
  }
});
