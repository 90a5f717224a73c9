import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "./fixtures";
import { signInAsAdmin } from "./accounts";

/**
 * Issue 16: the back office says what is true. A post dated later is "Scheduled" (not "Published"),
 * counted apart and never linked to a page that would 404; the camp season's year comes from its
 * start date in settings, and the dashboard warns once that date has passed.
 */

async function createScheduledPost(page: Page) {
  const slug = `later-${randomBytes(3).toString("hex")}`;
  const answer = await page.request.post("/api/admin/blogs", {
    data: {
      slug,
      status: "published",
      author: "Staff Writer",
      publishDate: "2999-01-01",
      imageUrl: "/images/blog/creative-screen-time.svg",
      titleEn: "Robots next millennium",
      descriptionEn: "Later.",
      categoryEn: "Robotics",
      contentEn: [{ type: "paragraph", value: "Soon." }],
      titleAr: "روبوتات الألفية القادمة",
      descriptionAr: "لاحقًا.",
      contentAr: [{ type: "paragraph", value: "قريبًا." }],
    },
  });
  expect(answer.status()).toBe(201);
  return { slug, id: (await answer.json()).id as number };
}

async function settingsWith(page: Page, change: Record<string, unknown>) {
  const { settings } = await (await page.request.get("/api/admin/settings")).json();
  expect((await page.request.put("/api/admin/settings", { data: { ...settings, ...change } })).status()).toBe(200);
  return settings as Record<string, unknown>;
}

test("a post dated later is listed and counted as scheduled, with no link that would 404, in both languages", async ({ page }) => {
  await signInAsAdmin(page);
  const post = await createScheduledPost(page);
  try {
    for (const t of [
      {
        prefix: "",
        row: "Robots next millennium",
        status: "Scheduled for 1 Jan 2999",
        note: "Scheduled: on the site from 1 Jan 2999.",
        card: "Scheduled posts",
        view: "View on the site",
      },
      {
        prefix: "/ar",
        row: "روبوتات الألفية القادمة",
        status: /^مجدول في .*2999/,
        note: /^مجدول: يظهر على الموقع من .*2999/,
        card: "منشورات مجدولة",
        view: "عرض في الموقع",
      },
    ]) {
      await page.goto(`${t.prefix}/admin/blogs?status=scheduled`);
      const row = page.getByRole("row").filter({ hasText: t.row });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("cell").filter({ hasText: t.status })).toHaveCount(1);
      // The published filter shows only what is out on the site.
      await page.goto(`${t.prefix}/admin/blogs?status=published`);
      await expect(page.getByRole("row").filter({ hasText: t.row })).toHaveCount(0);

      await page.goto(`${t.prefix}/admin/blogs/edit/${post.id}`);
      await expect(page.getByText(t.note)).toBeVisible();
      await expect(page.getByRole("link", { name: t.view })).toHaveCount(0);

      await page.goto(`${t.prefix}/admin`);
      const card = page.getByRole("link", { name: new RegExp(t.card) });
      await expect(card).toHaveAttribute("href", `${t.prefix}/admin/blogs?status=scheduled`);
      expect(Number((await card.innerText()).match(/\d+/)![0])).toBeGreaterThanOrEqual(1);
    }
    expect((await page.request.get(`/blog/${post.slug}`)).status()).toBe(404);
  } finally {
    expect((await page.request.delete(`/api/admin/blogs/${post.id}`)).status()).toBe(200);
  }
});

test("the camp season's year follows the start date in settings, and a past season is flagged on the dashboard", async ({ page }) => {
  await signInAsAdmin(page);
  const original = await settingsWith(page, { campStartDate: "2024-07-01" });
  try {
    await page.goto("/summer-camp");
    await expect(page.getByText("Summer Camp 2024", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/Summer Camp 2024/);
    await page.goto("/ar/summer-camp");
    await expect(page.getByText("المخيم الصيفي 2024", { exact: true })).toBeVisible();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "The summer camp season has passed" })).toBeVisible();
    await expect(page.getByText(/still says it starts on 1 July 2024/)).toBeVisible();
    await page.goto("/ar/admin");
    await expect(page.getByRole("heading", { name: "انتهى موسم المخيم الصيفي" })).toBeVisible();

    await settingsWith(page, { campStartDate: "2099-07-01" });
    await page.goto("/summer-camp");
    await expect(page.getByText("Summer Camp 2099", { exact: true })).toBeVisible();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "The summer camp season has passed" })).toHaveCount(0);
  } finally {
    await settingsWith(page, { campStartDate: original.campStartDate });
  }
});

test("the staff area has its own chrome: no public menu, footer or WhatsApp button, at 390 px in both languages", async ({ page }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const t of [
    {
      prefix: "",
      main: "Main",
      whatsapp: "Chat with us on WhatsApp",
      brand: "STEM Academy",
      switchTo: "العربية",
      other: "/ar/admin/users",
      menu: "Admin menu",
      users: "Users",
    },
    {
      prefix: "/ar",
      main: "القائمة الرئيسية",
      whatsapp: "تحدث معنا عبر واتساب",
      brand: "أكاديمية STEM",
      switchTo: "English",
      other: "/admin/users",
      menu: "قائمة الإدارة",
      users: "المستخدمون",
    },
  ]) {
    await page.goto(`${t.prefix}/admin`);
    await expect(page.getByRole("navigation", { name: t.main, exact: true })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("link", { name: t.whatsapp })).toHaveCount(0);
    await expect(page.getByRole("link", { name: new RegExp(`^${t.brand}`) })).toHaveAttribute("href", t.prefix || "/");
    // The sidebar's own phone menu reaches every screen; the users table stays inside the screen.
    await page.getByRole("button", { name: t.menu }).click();
    await page.getByRole("link", { name: t.users, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/users$`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("link", { name: t.switchTo }).click();
    await expect(page).toHaveURL(new RegExp(`${t.other}$`));
  }
});

test("leaving an editor with unsaved changes asks first; saved changes leave freely, in both languages", async ({ page }) => {
  await signInAsAdmin(page);
  const products = await (await page.request.get("/api/admin/products?pageSize=1")).json();
  const id = products.rows[0].id as number;
  for (const t of [
    {
      prefix: "",
      name: "Name (English)",
      blogs: "Blogs",
      title: "Leave without saving?",
      stay: "Stay and keep editing",
      leave: "Leave and discard changes",
      save: "Save",
    },
    {
      prefix: "/ar",
      name: "الاسم (بالإنجليزية)",
      blogs: "المدونات",
      title: "المغادرة دون حفظ؟",
      stay: "البقاء ومتابعة التعديل",
      leave: "المغادرة وتجاهل التغييرات",
      save: "حفظ",
    },
  ]) {
    await page.goto(`${t.prefix}/admin/products/edit/${id}`);
    const name = page.getByLabel(t.name, { exact: true });
    const original = await name.inputValue();
    const sidebarBlogs = page.getByRole("complementary").getByRole("link", { name: t.blogs, exact: true });
    // Untouched: leaving does not ask.
    await sidebarBlogs.click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/blogs$`));
    await page.goBack();
    await name.fill(`${original} (changed)`);
    await sidebarBlogs.click();
    const dialog = page.getByRole("dialog", { name: t.title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: t.stay }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${id}$`));
    await expect(name).toHaveValue(`${original} (changed)`);
    // Closing the tab or reloading gets the browser's own question.
    const beforeUnload = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const question = await beforeUnload;
    expect(question.type()).toBe("beforeunload");
    await question.dismiss();
    await sidebarBlogs.click();
    await dialog.getByRole("button", { name: t.leave }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/blogs$`));
    // Saved changes leave without a question.
    await page.goto(`${t.prefix}/admin/products/edit/${id}`);
    await expect(name).toHaveValue(original);
    for (const value of [`${original} (saved)`, original]) {
      await name.fill(value);
      const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/admin/products/${id}`));
      await page.getByRole("button", { name: t.save, exact: true }).click();
      expect((await saved).status()).toBe(200);
    }
    await sidebarBlogs.click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/blogs$`));
    await expect(dialog).toHaveCount(0);
  }
});

test("editors name the texts missing in one language, and lists show the screen's language where it exists (issue 16, defect 6)", async ({ page }) => {
  await signInAsAdmin(page);
  const slug = `english-only-${randomBytes(3).toString("hex")}`;
  const answer = await page.request.post("/api/admin/blogs", {
    data: {
      slug,
      status: "draft",
      author: "Staff Writer",
      publishDate: "2026-01-01",
      imageUrl: "",
      titleEn: "Robots at home",
      descriptionEn: "A weekend project.",
      categoryEn: "Robotics",
      contentEn: [{ type: "paragraph", value: "Start small." }],
    },
  });
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: number };
  try {
    await page.goto(`/admin/blogs/edit/${id}`);
    await expect(page.getByRole("note").filter({ hasText: "Not in Arabic yet: Title, Description, Category, Content." })).toBeVisible();
    // Giving the Arabic title takes it off the list.
    await page.getByRole("tab", { name: "Arabic" }).click();
    await page.getByLabel("Title", { exact: true }).fill("روبوتات في البيت");
    await expect(page.getByRole("note")).toContainText("Not in Arabic yet: Description, Category, Content.");
    await page.goto(`/ar/admin/blogs/edit/${id}`);
    await expect(page.getByRole("note").filter({ hasText: "غير متوفر بالعربية بعد: العنوان، الوصف، التصنيف، المحتوى." })).toBeVisible();
  } finally {
    expect((await page.request.delete(`/api/admin/blogs/${id}`)).status()).toBe(200);
  }
  // The Arabic course list shows the Arabic names.
  await page.goto("/ar/admin/courses?q=robotics_fundamentals");
  await expect(page.getByRole("cell").locator('[lang="ar"]').first()).toBeVisible();
});

test("the sidebar counts new arrivals per list until the staff member opens it, in both languages", async ({ page, request }) => {
  await signInAsAdmin(page);
  const send = async () =>
    expect(
      (await request.post("/contact-us/form", { data: { email: `new-${randomBytes(3).toString("hex")}@example.com`, description: "Hello" } })).status(),
    ).toBe(201);
  const link = (name: RegExp) => page.getByRole("navigation", { name: /Admin|الإدارة/ }).getByRole("link", { name });
  await page.goto("/admin/submissions/contact");
  await send();
  await send();
  await page.goto("/admin");
  await expect(link(/^Contact messages/)).toContainText("2");
  await expect(link(/^Contact messages/)).toHaveAccessibleName("Contact messages 2 new");
  await page.goto("/ar/admin");
  await expect(link(/^رسائل التواصل/)).toHaveAccessibleName("رسائل التواصل جديدان");
  // Opening the list reads them; moving on in the app keeps it read.
  await link(/^رسائل التواصل/).click();
  await expect(page).toHaveURL(/\/ar\/admin\/submissions\/contact$/);
  await expect(link(/^رسائل التواصل/)).toHaveAccessibleName("رسائل التواصل");
  await send();
  await link(/^لوحة التحكم/).click();
  await expect(link(/^رسائل التواصل/)).toHaveAccessibleName("رسائل التواصل جديد واحد");
});

test("a submission list narrows to a date range chosen on the screen, and its CSV follows (issue 16)", async ({ page, request }) => {
  await signInAsAdmin(page);
  const email = `dated-${randomBytes(3).toString("hex")}@example.com`;
  expect((await request.post("/contact-us/form", { data: { email, description: "Dated question" } })).status()).toBe(201);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (const t of [
    { prefix: "", from: "From", to: "To", apply: "Apply" },
    { prefix: "/ar", from: "من", to: "إلى", apply: "تطبيق" },
  ]) {
    await page.goto(`${t.prefix}/admin/submissions/contact`);
    await page.getByLabel(t.from, { exact: true }).fill("2099-01-01");
    await page.getByLabel(t.to, { exact: true }).fill("2099-12-31");
    await page.getByRole("button", { name: t.apply }).click();
    await expect(page).toHaveURL(/from=2099-01-01&to=2099-12-31/);
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    await page.getByLabel(t.from, { exact: true }).fill("2020-01-01");
    await page.getByLabel(t.to, { exact: true }).fill("2099-12-31");
    await page.getByRole("button", { name: t.apply }).click();
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  }
  const csv = await page.request.get(`/api/admin/submissions/contact?format=csv&from=${day(-1)}&to=${day(1)}&q=${encodeURIComponent(email)}`);
  expect(await csv.text()).toContain(email);
});
