import { randomBytes } from "node:crypto";
import { expect, scriptWalkLangs, test, type Page } from "./fixtures";
import { signInAsAdmin } from "./accounts";

/** Drafts saved while typing and revisions compared and restored (issue 16), in English and Arabic. */

const today = new Date().toISOString().slice(0, 10);

async function createPost(page: Page, title: string): Promise<{ id: number; slug: string }> {
  const slug = `drafts-${randomBytes(4).toString("hex")}`;
  const answer = await page.request.post("/api/admin/blogs", {
    data: {
      slug,
      status: "published",
      author: "Staff Writer",
      publishDate: today,
      imageUrl: "",
      titleEn: title,
      descriptionEn: "A weekend project.",
      contentEn: [{ type: "paragraph", value: "Start small with one motor and a battery, then add a sensor." }],
    },
  });
  expect(answer.status()).toBe(201);
  return { id: ((await answer.json()) as { id: number }).id, slug };
}

const publicTitle = async (page: Page, slug: string) => ((await (await page.request.get(`/api/blogs/${slug}`)).json()) as { title: string }).title;

const texts = [
  {
    prefix: "",
    title: "Title",
    saved: "Draft saved",
    banner: "You have an unsaved draft",
    restoreDraft: "Restore draft",
    discardDraft: "Discard draft",
    save: "Save",
    savedToast: "Saved.",
    revisions: "Revisions",
    compare: "Compare with current",
    restore: "Restore this revision",
    restoredNotice: "Revision restored.",
    fieldTitle: "Title (English)",
    before: "In the revision",
  },
  {
    prefix: "/ar",
    title: "العنوان",
    saved: "حُفظت المسودة",
    banner: "لديك مسودة غير محفوظة",
    restoreDraft: "استعادة المسودة",
    discardDraft: "حذف المسودة",
    save: "حفظ",
    savedToast: "تم الحفظ.",
    revisions: "النسخ السابقة",
    compare: "مقارنة بالنسخة الحالية",
    restore: "استعادة هذه النسخة",
    restoredNotice: "استُعيدت النسخة.",
    fieldTitle: "العنوان (الإنجليزية)",
    before: "في النسخة",
  },
];

// One walk with script per flow (decision 133): the languages of scriptWalkLangs.
for (const t of texts.filter((text) => scriptWalkLangs.includes(text.prefix ? "ar" : "en"))) {
  test(`typing saves a draft; reopening offers it; saving clears it (${t.prefix || "/en"})`, async ({ page }) => {
    await signInAsAdmin(page);
    const { id, slug } = await createPost(page, "Robots at home");
    await page.goto(`${t.prefix}/admin/blogs/edit/${id}`);
    const title = page.getByLabel(t.title, { exact: true });
    const draftSaved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/admin/blogs/${id}/draft`));
    await title.fill("Robots at home, half typed");
    expect((await draftSaved).status()).toBe(200);
    await expect(page.getByTestId("draft-status")).toContainText(t.saved);
    // The public site still shows the saved post.
    expect(await publicTitle(page, slug)).toBe("Robots at home");

    // Reloading (the browser asks first: the form is not saved) offers the draft.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.getByRole("heading", { name: t.banner })).toBeVisible();
    await expect(title).toHaveValue("Robots at home");
    await page.getByRole("button", { name: t.restoreDraft }).click();
    await expect(title).toHaveValue("Robots at home, half typed");
    await expect(page.getByRole("heading", { name: t.banner })).toHaveCount(0);

    const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/admin/blogs/${id}`));
    await page.getByRole("button", { name: t.save, exact: true }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole("alert").filter({ hasText: t.savedToast }).last()).toBeVisible();
    expect(await publicTitle(page, slug)).toBe("Robots at home, half typed");
    await page.goto(`${t.prefix}/admin/blogs/edit/${id}`);
    await expect(title).toHaveValue("Robots at home, half typed");
    await expect(page.getByRole("heading", { name: t.banner })).toHaveCount(0);

    // A draft can also be thrown away.
    const again = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/admin/blogs/${id}/draft`));
    await title.fill("Thrown away");
    await again;
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await page.getByRole("button", { name: t.discardDraft }).click();
    await expect(page.getByRole("heading", { name: t.banner })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: t.banner })).toHaveCount(0);
    expect((await page.request.delete(`/api/admin/blogs/${id}`)).status()).toBe(200);
  });

  test(`revisions: compare one with the current version and restore it (${t.prefix || "/en"})`, async ({ page }) => {
    await signInAsAdmin(page);
    const { id, slug } = await createPost(page, "First title");
    const changed = await page.request.put(`/api/admin/blogs/${id}`, {
      data: {
        slug,
        status: "published",
        author: "Staff Writer",
        publishDate: today,
        imageUrl: "",
        titleEn: "Second title",
        descriptionEn: "A weekend project.",
        contentEn: [{ type: "paragraph", value: "Start small with two motors and a battery, then add a sensor." }],
      },
    });
    expect(changed.status()).toBe(200);
    await page.goto(`${t.prefix}/admin/blogs/edit/${id}`);
    await page.getByRole("link", { name: t.revisions, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/blogs/edit/${id}/revisions$`));
    const rows = page.getByRole("row");
    await expect(rows).toHaveCount(3);
    await rows.nth(2).getByRole("link", { name: t.compare }).click();
    const comparison = page.locator("#comparison");
    await expect(comparison.getByText(t.fieldTitle, { exact: true })).toBeVisible();
    await expect(comparison.getByText(t.before, { exact: true })).toHaveCount(1);
    await expect(comparison.getByText("First title", { exact: true })).toBeVisible();
    await expect(comparison.locator("del").first()).toContainText("one");
    await expect(comparison.locator("ins").first()).toContainText("two");

    await rows.nth(2).getByRole("button", { name: t.restore }).click();
    await expect(page.getByRole("status").filter({ hasText: t.restoredNotice })).toBeVisible();
    await expect(rows).toHaveCount(4);
    expect(await publicTitle(page, slug)).toBe("First title");
    await page.goto(`${t.prefix}/admin/blogs/edit/${id}`);
    await expect(page.getByLabel(t.title, { exact: true })).toHaveValue("First title");
    expect((await page.request.delete(`/api/admin/blogs/${id}`)).status()).toBe(200);
  });
}
