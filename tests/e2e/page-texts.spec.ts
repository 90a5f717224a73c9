import { expect, test, type Browser, type Page } from "./fixtures";
import { signInAsAdmin } from "./accounts";

/**
 * Issue 28: staff change a home page text and a testimonial in the admin, in English and Arabic,
 * and anonymous visitors (served from the page cache) see the change at once, the missing Arabic
 * falling back to the English text marked as English.
 */

/** A visitor without a session: the page cache answers it from the second visit on. */
async function visitor(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { page: await context.newPage(), close: () => context.close() };
}

/** Clicks the section's Save and waits for its PUT to be answered 200. */
async function save(page: Page, scope: ReturnType<Page["getByRole"]>, path: RegExp) {
  const answer = page.waitForResponse((r) => r.request().method() === "PUT" && path.test(new URL(r.url()).pathname));
  await scope.getByRole("button", { name: /^(Save|حفظ)$/ }).click();
  expect((await answer).status()).toBe(200);
}

test.describe("page texts and testimonials edited by staff", () => {
  test("a home page text, in both languages, is on the public page at once; missing Arabic shows the English marked as English", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signInAsAdmin(page);
    const original = (await (await page.request.get("/api/admin/pages/home")).json()) as { sections: { key: string; values: Record<string, string> }[] };
    const hero = original.sections.find((s) => s.key === "hero")!.values;
    const anon = await visitor(browser, baseURL);
    try {
      // Twice each, so both pages sit in the page cache before the edit.
      for (const path of ["/", "/ar", "/", "/ar"]) await anon.page.goto(path);
      await expect(anon.page.getByRole("heading", { level: 1 })).toHaveText(hero.titleAr!);

      await page.goto("/admin/pages");
      await page.getByRole("link", { name: "Home page" }).click();
      const banner = page.getByRole("region", { name: "Top banner" });
      await banner.getByLabel("Title (English)").fill("Robots, code and curiosity for every child");
      await banner.getByLabel("Title (Arabic)").fill("روبوتات وبرمجة وفضول لكل طفل");
      await banner.getByLabel("First benefit (Arabic)").fill("");
      await expect(banner.getByRole("note")).toContainText("Not in Arabic yet: First benefit");
      await save(page, banner, /\/api\/admin\/pages\/home\/hero$/);

      await anon.page.goto("/");
      await expect(anon.page.getByRole("heading", { level: 1 })).toHaveText("Robots, code and curiosity for every child");
      await anon.page.goto("/ar");
      await expect(anon.page.getByRole("heading", { level: 1 })).toHaveText("روبوتات وبرمجة وفضول لكل طفل");
      const fallback = anon.page.getByText(hero.benefit1En!, { exact: true });
      await expect(fallback).toHaveAttribute("lang", "en");
      await expect(fallback).toHaveAttribute("dir", "ltr");

      // The same editor in Arabic: the list says which fields lack Arabic.
      await page.goto("/ar/admin/pages");
      await expect(page.getByRole("listitem").filter({ hasText: "الصفحة الرئيسية" })).toContainText("حقل واحد غير متوفر بالعربية بعد");
      await page.getByRole("link", { name: "الصفحة الرئيسية" }).click();
      const arBanner = page.getByRole("region", { name: "الشريط العلوي" });
      await arBanner.getByLabel("الميزة الأولى (بالعربية)").fill("مدرّبون خبراء في مجموعات صغيرة");
      await save(page, arBanner, /\/api\/admin\/pages\/home\/hero$/);
      await anon.page.goto("/ar");
      await expect(anon.page.getByText("مدرّبون خبراء في مجموعات صغيرة", { exact: true })).toBeVisible();
    } finally {
      await anon.close();
      expect((await page.request.put("/api/admin/pages/home/hero", { data: hero })).status()).toBe(200);
    }
  });

  test("the home page's age groups block and the camp page's eyebrow ({{year}}) and topic tag, edited, are on the cached public pages", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signInAsAdmin(page);
    type Sections = { sections: { key: string; values: Record<string, string> }[] };
    const home = (await (await page.request.get("/api/admin/pages/home")).json()) as Sections;
    const camp = (await (await page.request.get("/api/admin/pages/summer-camp")).json()) as Sections;
    const age = home.sections.find((s) => s.key === "ageFilter")!.values;
    const banner = camp.sections.find((s) => s.key === "banner")!.values;
    const topics = camp.sections.find((s) => s.key === "topics")!.values;
    const anon = await visitor(browser, baseURL);
    try {
      for (const path of ["/", "/ar/summer-camp", "/", "/ar/summer-camp"]) await anon.page.goto(path);
      const eyebrowBefore =
        (await anon.page
          .getByText(/\d{4}$/)
          .first()
          .textContent()) ?? "";
      const year = /(\d{4})$/.exec(eyebrowBefore)![1]!;

      await page.goto("/admin/pages/home");
      const ageRegion = page.getByRole("region", { name: "Courses by age" });
      await ageRegion.getByLabel("Title (English)").fill("Courses for every age");
      await save(page, ageRegion, /\/api\/admin\/pages\/home\/ageFilter$/);
      await page.goto("/ar/admin/pages/summer-camp");
      const arBanner = page.getByRole("region", { name: "الشريط الرئيسي" });
      await expect(arBanner.getByText("{{year}}", { exact: false }).first()).toBeVisible();
      await arBanner.getByLabel("عنوان صغير فوق العنوان (بالعربية)").fill("موسم المخيم {{year}}");
      await save(page, arBanner, /\/api\/admin\/pages\/summer-camp\/banner$/);
      const tags = page.getByRole("region", { name: "وسوم الموضوعات" });
      await tags.getByLabel("موضوع: الطائرات المسيّرة (بالعربية)").fill("روبوتات طائرة");
      await save(page, tags, /\/api\/admin\/pages\/summer-camp\/topics$/);

      await anon.page.goto("/");
      await expect(anon.page.getByRole("heading", { name: "Courses for every age", level: 2 })).toBeVisible();
      await anon.page.goto("/ar/summer-camp");
      await expect(anon.page.getByText(`موسم المخيم ${year}`, { exact: true })).toBeVisible();
      await expect(anon.page.getByRole("listitem").filter({ hasText: /^روبوتات طائرة$/ })).toBeVisible();
    } finally {
      await anon.close();
      expect((await page.request.put("/api/admin/pages/home/ageFilter", { data: age })).status()).toBe(200);
      expect((await page.request.put("/api/admin/pages/summer-camp/banner", { data: banner })).status()).toBe(200);
      expect((await page.request.put("/api/admin/pages/summer-camp/topics", { data: topics })).status()).toBe(200);
    }
  });

  test("a testimonial edited in English and Arabic is on the home page at once", async ({ page, browser, baseURL }) => {
    test.slow();
    await signInAsAdmin(page);
    const list = (await (await page.request.get("/api/admin/testimonials?kind=parent")).json()) as { rows: { id: number }[] };
    const id = list.rows[0]!.id;
    const original = ((await (await page.request.get(`/api/admin/testimonials/${id}`)).json()) as { testimonial: Record<string, unknown> }).testimonial;
    const anon = await visitor(browser, baseURL);
    try {
      for (const path of ["/", "/ar", "/", "/ar"]) await anon.page.goto(path);

      await page.goto("/admin/testimonials");
      await expect(page.getByRole("heading", { name: "Testimonials", level: 1 })).toBeVisible();
      await expect(page.getByRole("table")).toContainText(String(original.nameEn));
      await page.goto(`/admin/testimonials/edit/${id}`);
      await expect(page.getByRole("heading", { name: "Edit testimonial" })).toBeVisible();
      await page.getByLabel("Review (English)").fill("The mentors made my son love engineering.");
      await page.getByLabel("Review (Arabic)").fill("جعل المدرّبون ابني يحب الهندسة.");
      await save(page, page.locator("form"), new RegExp(`/api/admin/testimonials/${id}$`));

      await anon.page.goto("/");
      await expect(anon.page.getByRole("region", { name: "What Parents Say" })).toContainText("The mentors made my son love engineering.");
      await anon.page.goto("/ar");
      await expect(anon.page.getByText("“جعل المدرّبون ابني يحب الهندسة.”")).toBeVisible();

      // In the Arabic editor, an emptied Arabic review: the Arabic page shows the English one, marked as English.
      await page.goto(`/ar/admin/testimonials/edit/${id}`);
      await page.getByLabel("الرأي (بالعربية)").fill("");
      await expect(page.getByRole("note")).toContainText("غير متوفر بالعربية بعد: الرأي");
      await save(page, page.locator("form"), new RegExp(`/api/admin/testimonials/${id}$`));
      await anon.page.goto("/ar");
      const fallback = anon.page.getByText("“The mentors made my son love engineering.”");
      await expect(fallback).toHaveAttribute("lang", "en");
    } finally {
      await anon.close();
      expect((await page.request.put(`/api/admin/testimonials/${id}`, { data: original })).status()).toBe(200);
    }
  });

  /** Drafts and revisions of a page section (decision 063), one walk per language. */
  const walks = [
    {
      lang: "en",
      prefix: "",
      region: "Top banner",
      label: "Title (English)",
      field: "titleEn",
      text: "Robots after school, every week",
      draftSaved: /^Draft saved/,
      restoreDraft: "Restore draft",
      revisionsOf: "Revisions: Top banner",
      compare: /^Compare with current/,
      restore: /^Restore this revision/,
      restored: "Revision restored.",
      fieldLabel: "Title (English)",
    },
    {
      lang: "ar",
      prefix: "/ar",
      region: "الشريط العلوي",
      label: "العنوان (بالعربية)",
      field: "titleAr",
      text: "روبوتات بعد المدرسة كل أسبوع",
      draftSaved: /^حُفظت المسودة/,
      restoreDraft: "استعادة المسودة",
      revisionsOf: "النسخ السابقة: الشريط العلوي",
      compare: /^مقارنة بالنسخة الحالية/,
      restore: /^استعادة هذه النسخة/,
      restored: "استُعيدت النسخة.",
      fieldLabel: "العنوان (العربية)",
    },
  ] as const;
  for (const walk of walks) {
    test(`${walk.lang}: a home text typed as a draft, restored from the draft, saved, then its earlier revision restored`, async ({ page }) => {
      test.slow();
      await signInAsAdmin(page);
      const original = (await (await page.request.get("/api/admin/pages/home")).json()) as { sections: { key: string; values: Record<string, string> }[] };
      const hero = original.sections.find((s) => s.key === "hero")!.values;
      // A save of today's texts: the revision to come back to.
      expect((await page.request.put("/api/admin/pages/home/hero", { data: hero })).status()).toBe(200);
      // What a visitor gets: a plain fetch, without the staff session. (page.request's socket, idle
      // for longer than the server's 5 s keep-alive while the browser works, was once reset.)
      const publicTitle = async () => {
        const html = await (await fetch(new URL(`${walk.prefix}/`, page.url()))).text();
        return /<h1[^>]*>([\s\S]*?)<\/h1>/
          .exec(html)?.[1]
          ?.replace(/<[^>]+>/g, "")
          .replace(/&#x27;|&#39;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, "&")
          .trim();
      };
      try {
        await page.goto(`${walk.prefix}/admin/pages/home`);
        let banner = page.getByRole("region", { name: walk.region });
        await banner.getByLabel(walk.label).fill(walk.text);
        await expect(banner.getByTestId("draft-status")).toHaveText(walk.draftSaved);
        // Away and back: the draft is offered, and restoring it puts the text back in the form.
        await page.goto(`${walk.prefix}/admin/pages`);
        await page.goto(`${walk.prefix}/admin/pages/home`);
        banner = page.getByRole("region", { name: walk.region });
        await banner.getByRole("button", { name: walk.restoreDraft }).click();
        await expect(banner.getByLabel(walk.label)).toHaveValue(walk.text);
        await save(page, banner, /\/api\/admin\/pages\/home\/hero$/);
        expect(await publicTitle()).toBe(walk.text);

        // The section's revisions: compare the earlier one, then restore it (a form post).
        await banner.getByRole("link", { name: walk.revisionsOf }).click();
        const earlier = page.getByRole("row").nth(2);
        await earlier.getByRole("link", { name: walk.compare }).click();
        const comparison = page.locator("#comparison");
        // The title as it is now against the earlier one (a word diff for longer texts, before → after for short ones).
        await expect(comparison.getByRole("term")).toHaveText(walk.fieldLabel);
        await expect(comparison).toContainText(walk.text.split(" ")[0]!);
        await page.getByRole("row").nth(2).getByRole("button", { name: walk.restore }).click();
        await expect(page.getByText(walk.restored)).toBeVisible();
        expect(await publicTitle()).toBe(walk.lang === "en" ? hero.titleEn : hero.titleAr);
      } finally {
        expect((await page.request.put("/api/admin/pages/home/hero", { data: hero })).status()).toBe(200);
      }
    });
  }
});
