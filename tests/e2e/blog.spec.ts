import path from "node:path";
import { expect, test, type Page, type Route, shot } from "./fixtures";
import Database from "better-sqlite3";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { contentChanged } from "./content-changed";
import { signInAsAdmin } from "./accounts";

/** The blog list's own pages fetched by the enhancement script (decision 055), not page loads. */
const listFetch = (url: URL) => /^(\/ar)?\/blog$/.test(url.pathname);
const onListFetch = (page: Page, handler: (route: Route) => Promise<void> | void) =>
  page.route(listFetch, (route) => (route.request().resourceType() === "fetch" ? handler(route) : route.fallback()));

// The e2e server's own SQLite file: posts the seed does not have are written here directly
// and removed again after each test (contentChanged tells the page cache, as a staff edit would).
const dbFile = path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db");
const PREFIX = "e2e-";

function openDb() {
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 5000");
  return db;
}

interface PostInput {
  slug: string;
  status?: "draft" | "published";
  title_en?: string;
  title_ar?: string;
  description_en?: string;
  content_en?: unknown[];
  image_url?: string;
  meta_title_en?: string;
  author?: string;
  publish_date?: string;
}

async function insertPosts(posts: PostInput[]) {
  const db = openDb();
  const now = new Date().toISOString();
  const insert = db.prepare(`insert into blog_posts (slug, status, title_en, title_ar, description_en, description_ar, category_en, category_ar,
    content_en, content_ar, meta_title_en, meta_title_ar, meta_description_en, meta_description_ar, meta_keywords_en, meta_keywords_ar,
    image_url, author, publish_date, created_at, updated_at) values (?, ?, ?, ?, ?, '', 'Testing', '', ?, '[]', ?, '', '', '', '', '', ?, ?, ?, ?, ?)`);
  for (const p of posts) {
    insert.run(
      p.slug,
      p.status ?? "published",
      p.title_en ?? `Post ${p.slug}`,
      p.title_ar ?? "",
      p.description_en ?? `About ${p.slug}`,
      JSON.stringify(p.content_en ?? [{ type: "paragraph", value: `Text of ${p.slug}` }]),
      p.meta_title_en ?? "",
      p.image_url ?? "/images/blog/creative-screen-time.svg",
      p.author ?? "Test Author",
      p.publish_date ?? "2024-01-01T09:00:00.000Z",
      now,
      now,
    );
  }
  await contentChanged(db);
  db.close();
}

const seededSlugs = ["creative-screen-time", "how-to-choose-a-summer-camp", "getting-started-with-python-at-home", "why-robotics-matters-for-kids"];
// Posts other test files left published would change the counts here: hide them while this file runs.
let foreignPosts: string[] = [];
test.beforeAll(async () => {
  const db = openDb();
  const rows = db.prepare("select slug from blog_posts where status = 'published'").all() as { slug: string }[];
  foreignPosts = rows.map((r) => r.slug).filter((slug) => !seededSlugs.includes(slug));
  const hide = db.prepare("update blog_posts set status = 'draft' where slug = ?");
  for (const slug of foreignPosts) hide.run(slug);
  await contentChanged(db);
  db.close();
});
test.afterAll(async () => {
  const db = openDb();
  const show = db.prepare("update blog_posts set status = 'published' where slug = ?");
  for (const slug of foreignPosts) show.run(slug);
  await contentChanged(db);
  db.close();
});

test.afterEach(async () => {
  const db = openDb();
  db.prepare("delete from blog_posts where slug like ?").run(`${PREFIX}%`);
  await contentChanged(db);
  db.close();
});

const seededTitles = [
  "Turning Screen Time into Creative Time",
  "How to Choose a STEM Summer Camp",
  "Getting Started with Python at Home",
  "Why Robotics Matters for Kids",
];

const cards = (page: Page) => page.locator("main article");

/** Errors the page reports (a hydration mismatch shows up here), collected from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // HTTP error answers the page expects (e.g. 401 from the session check) are not page errors.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  return errors;
}

/** The content attribute of <meta {attr}="{name}">, entities decoded. */
function metaContent(html: string, attr: "name" | "property", name: string): string | undefined {
  const match = new RegExp(`<meta ${attr}="${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]!) : undefined;
}

function linkHref(html: string, rel: string, extra = ""): string | undefined {
  const match = new RegExp(`<link rel="${rel}"${extra}[^>]*href="([^"]*)"`).exec(html);
  return match ? decode(match[1]!) : undefined;
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

test.describe("blog list", () => {
  test("lists the published posts newest first with every card text, server-rendered", async ({ page, request }) => {
    const html = await (await request.get("/blog")).text();
    for (const title of seededTitles) expect(html).toContain(title);

    const errors = pageErrors(page);
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Our Blog & Latest Articles" })).toBeVisible();
    await expect(page).toHaveTitle("Our Blog & Latest Articles | STEM Academy");
    await expect(cards(page).getByRole("heading", { level: 2 })).toHaveText(seededTitles);
    const first = cards(page).first();
    await expect(first.locator("img")).toHaveAttribute("src", "/images/blog/creative-screen-time.svg");
    await expect(first.getByText("Parenting", { exact: true })).toBeVisible();
    await expect(first.getByText("By Sahil Jaiswal")).toBeVisible();
    await expect(first.locator("time")).toHaveText("20 August 2026");
    const description = first.getByText("Why making beats watching, and a simple family rule to balance the two.");
    await expect(description).toHaveCSS("-webkit-line-clamp", "3");
    await expect(first.getByRole("link", { name: /Read More/ })).toHaveAttribute("href", "/blog/creative-screen-time");
    await expect(cards(page).nth(2).locator("time")).toHaveText("14 March 2026");
    // Four posts fit on one page: no page links.
    await expect(page.getByRole("navigation", { name: "Blog pages" })).toHaveCount(0);

    await first.getByRole("link", { name: /Read More/ }).click();
    await expect(page).toHaveURL(/\/blog\/creative-screen-time$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Turning Screen Time into Creative Time");
    expect(errors).toEqual([]);
  });

  // One walk of the Arabic blog with script (decision 133): the list, a post, an English-only post
  // and an Arabic-only post (issue 16, defect 11). Seeded posts first: the inserted ones come first in the list.
  test("the Arabic blog: list texts and dates, the Arabic post, an English-only post marked English, an Arabic-only post on the Arabic blog alone", async ({
    page,
  }) => {
    await page.goto("/ar/blog");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "مدونتنا وأحدث المقالات" })).toBeVisible();
    const robotics = cards(page).filter({ hasText: "لماذا تهمّ الروبوتات أطفالنا" });
    await expect(robotics.getByText("الروبوتات", { exact: true })).toBeVisible();
    // Authors are teachers, named in Arabic script on the Arabic blog.
    await expect(robotics.getByText("بقلم أبهيشيك كومار سريفاستافا")).toBeVisible();
    await expect(robotics.locator("time")).toHaveText("12 سبتمبر 2025");
    await expect(robotics.getByRole("link", { name: /اقرأ المزيد/ })).toHaveAttribute("href", "/ar/blog/why-robotics-matters-for-kids");
    // Every seeded post is in Arabic, so no card carries the "English" badge.
    await expect(cards(page).getByText(/الإنجليزية$/)).toHaveCount(0);
    await expect(cards(page).first().getByRole("heading")).toHaveText("من وقت الشاشة إلى وقت الإبداع");

    const errors = pageErrors(page);
    await page.goto("/ar/blog/why-robotics-matters-for-kids");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("لماذا تهمّ الروبوتات أطفالنا");
    await expect(page.getByRole("link", { name: "العودة إلى جميع المقالات" }).first()).toHaveAttribute("href", "/ar/blog");
    const article = page.locator("main article");
    expect(await article.getAttribute("lang")).toBeNull();
    await expect(article.getByText("نُشر في 12 سبتمبر 2025")).toBeVisible();
    await expect(article.locator("figure figcaption")).toHaveText("روبوت ودود بعجلات صنعه طلاب في صف للمبتدئين");
    await expect(page.getByRole("region", { name: "تحتاج إلى مساعدة؟ تواصل معنا!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "شارك على Facebook" })).toHaveAttribute("href", /ar%2Fblog%2Fwhy-robotics-matters-for-kids$/);

    await insertPosts([{ slug: `${PREFIX}english-post`, title_en: "Soldering Safely", publish_date: "2026-08-20T09:00:00.000Z" }]);
    await page.goto(`/ar/blog/${PREFIX}english-post`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("main article")).toHaveAttribute("lang", "en");
    await expect(page.locator("main article")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Soldering Safely");
    await expect(page.locator("main article").getByText("نُشر في 20 أغسطس 2026")).toHaveAttribute("lang", "ar");
    expect(errors).toEqual([]);

    await insertPosts([{ slug: `${PREFIX}arabic-only`, title_en: "", title_ar: "روبوتات في الحديقة", publish_date: "2026-11-02T09:00:00.000Z" }]);
    await page.goto("/blog");
    await expect(page.getByRole("heading", { name: "روبوتات في الحديقة" })).toHaveCount(0);
    await page.goto("/ar/blog");
    await expect(cards(page).first().getByRole("heading")).toHaveText("روبوتات في الحديقة");
    await page.goto(`/blog/${PREFIX}arabic-only`);
    await expect(page).toHaveURL(new RegExp(`/ar/blog/${PREFIX}arabic-only$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("روبوتات في الحديقة");
  });

  test("a post staff wrote in English only is marked and labelled English on the Arabic blog", async ({ page }) => {
    await insertPosts([{ slug: `${PREFIX}english-only`, title_en: "Robots in the Garden", publish_date: "2026-11-01T09:00:00.000Z" }]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/ar/blog");
      const card = cards(page).first();
      const english = card.locator("[lang]");
      await expect(english).toHaveAttribute("lang", "en");
      await expect(english).toHaveAttribute("dir", "ltr");
      await expect(english.getByRole("heading")).toHaveText("Robots in the Garden");
      // "English" in Arabic (screen readers hear "Written in English").
      await expect(card.getByText(/^مكتوب باللغة الإنجليزية$/)).toBeVisible();
      await shot(page, `blog-list-${width}-ar`);
      await page.goto("/ar/blog/e2e-english-only");
      await expect(page.locator("main article")).toHaveAttribute("lang", "en");
      const badge = page.locator("main article").getByText(/^مكتوب باللغة الإنجليزية$/);
      await expect(badge).toBeVisible();
      // The badge is Arabic text inside the English article: it carries the page's language.
      expect(await badge.evaluate((element) => element.closest("[lang]")?.getAttribute("lang"))).toBe("ar");
      await shot(page, `blog-post-english-${width}-ar`);
      // The English blog shows no badge on it.
      await page.goto("/blog");
      await expect(
        cards(page)
          .first()
          .getByText(/English$/),
      ).toHaveCount(0);
      await shot(page, `blog-list-${width}-en`);
    }
  });

  test("with no published post at all the list says so", async ({ page }) => {
    const db = openDb();
    const published = db.prepare("select slug from blog_posts where status = 'published'").all() as { slug: string }[];
    try {
      db.prepare("update blog_posts set status = 'draft' where status = 'published'").run();
      await contentChanged(db);
      await page.goto("/blog");
      await expect(page.getByText("No blog posts available yet. Check back soon!")).toBeVisible();
      // The one post left has no other post to recommend.
      await insertPosts([{ slug: `${PREFIX}alone`, title_en: "The only post" }]);
      await page.goto(`/blog/${PREFIX}alone`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("The only post");
      await expect(page.getByRole("region", { name: "More from our Blog" }).getByText("No other blogs available.")).toBeVisible();
    } finally {
      const restore = db.prepare("update blog_posts set status = 'published' where slug = ?");
      for (const { slug } of published) restore.run(slug);
      await contentChanged(db);
      db.close();
    }
  });

  test("pages through many posts in the browser with loading and error states", async ({ page }) => {
    // 4 seeded + 10 older posts = 14: page 1 holds 9, page 2 holds 5. Drafts and scheduled posts stay hidden.
    await insertPosts([
      ...Array.from({ length: 10 }, (_, i) => ({
        slug: `${PREFIX}post-${i}`,
        title_en: `Older post ${i}`,
        publish_date: new Date(Date.UTC(2024, 0, 20 - i, 9)).toISOString(),
      })),
      { slug: `${PREFIX}draft`, status: "draft" as const, title_en: "A draft" },
      { slug: `${PREFIX}scheduled`, title_en: "Not yet", publish_date: "2999-01-01T00:00:00.000Z" },
    ]);
    await page.goto("/blog");
    await expect(cards(page)).toHaveCount(9);
    const pages = page.getByRole("navigation", { name: "Blog pages" });
    await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

    // Without React (decision 055) a page link fetches that page's HTML in the browser and swaps the
    // list in. Hold the answer until the loading text has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await onListFetch(page, async (route) => {
      await held;
      await route.continue();
    });
    const listRequest = page.waitForRequest((request) => request.resourceType() === "fetch" && listFetch(new URL(request.url())));
    await pages.getByRole("link", { name: "Next" }).click();
    expect(new URL((await listRequest).url()).search).toBe("?page=2");
    await expect(page.getByRole("status").filter({ hasText: "Loading blog posts..." })).toBeVisible();
    release();
    await expect(cards(page)).toHaveCount(5);
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page).toHaveTitle(/, page 2/);
    await expect(cards(page).getByRole("heading")).toHaveText(["Older post 5", "Older post 6", "Older post 7", "Older post 8", "Older post 9"]);
    await expect(page.getByText("A draft")).toHaveCount(0);
    await expect(page.getByText("Not yet")).toHaveCount(0);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

    // The network fails: the error text replaces the list.
    await page.unroute(listFetch);
    await onListFetch(page, (route) => route.abort());
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to load blog posts. Please try again later." })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);

    // The server fails: the same.
    await page.unroute(listFetch);
    await onListFetch(page, (route) => route.fulfill({ status: 500, contentType: "text/html", body: "down" }));
    await page.goto("/ar/blog?page=2");
    await page.getByRole("navigation", { name: "صفحات المدونة" }).getByRole("link", { name: "السابق" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "تعذّر تحميل المقالات. يرجى المحاولة مرة أخرى لاحقًا." })).toBeVisible();

    // And when it works again, the Arabic page 1 comes in Arabic.
    await page.unroute(listFetch);
    await page.goto("/ar/blog?page=2");
    await expect(cards(page)).toHaveCount(5);
    await page.getByRole("link", { name: "الصفحة 1" }).click();
    await expect(cards(page)).toHaveCount(9);
    await expect(cards(page).filter({ hasText: "لماذا تهمّ الروبوتات أطفالنا" })).toHaveCount(1);
  });
});

test.describe("blog post", () => {
  test("shows every part of the post in English", async ({ page }) => {
    const errors = pageErrors(page);
    const response = await page.goto("/blog/getting-started-with-python-at-home");
    expect(response?.status()).toBe(200);
    const origin = new URL(page.url()).origin;
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "Back to All Blogs" })).toHaveAttribute("href", "/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Getting Started with Python at Home");
    await expect(page).toHaveTitle("Getting Started with Python at Home | STEM Academy");
    const article = main.locator("article");
    await expect(article.getByText("Shruti Kamal")).toBeVisible();
    await expect(article.getByText("Published on 14 March 2026")).toBeVisible();
    await expect(article.getByText("Coding", { exact: true })).toBeVisible();
    await expect(article.locator("img").first()).toHaveAttribute("src", "/images/blog/getting-started-with-python-at-home.svg");
    // Content blocks: the level-1 heading ranks below the page's h1, level 2 below that.
    await expect(article.getByRole("heading", { level: 2 })).toHaveText(["Getting Started with Python at Home"]);
    await expect(article.getByRole("heading", { level: 3 })).toHaveText([
      "Step 1: set up a free editor",
      "Step 2: write the first program",
      "Step 3: make it playful",
    ]);
    await expect(article.locator("figure img")).toHaveAttribute("alt", "A colourful spiral drawn with Python's turtle module");
    await expect(article.locator("figure figcaption")).toHaveText("A colourful spiral drawn with Python's turtle module");
    await expect(article.locator("pre code").first()).toHaveText("name = input('What is your name? ')\nprint('Hello, ' + name + '!')");
    await expect(article.locator("ul li")).toHaveCount(3);
    await expect(article.locator("blockquote")).toHaveText("Twenty minutes a day, three days a week, beats one long session every weekend.");

    const url = `${origin}/blog/getting-started-with-python-at-home`;
    await expect(main.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    await expect(main.getByRole("link", { name: "Share on Twitter" })).toHaveAttribute(
      "href",
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent("Getting Started with Python at Home")}`,
    );
    await expect(main.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute(
      "href",
      `https://wa.me/?text=${encodeURIComponent(`Getting Started with Python at Home ${url}`)}`,
    );

    const more = page.getByRole("region", { name: "More from our Blog" });
    await expect(more.getByRole("link")).toHaveText([
      "Turning Screen Time into Creative Time",
      "How to Choose a STEM Summer Camp",
      "Why Robotics Matters for Kids",
    ]);
    const help = page.getByRole("region", { name: "Need Help? Contact Us!" });
    await expect(help.getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/919876543210\?text=Hello/);
    await expect(help.getByRole("link", { name: /E-mail us/ })).toHaveAttribute("href", "mailto:info@stemacademy.example");
    await expect(help.getByRole("link", { name: /Call us/ })).toHaveAttribute("href", "tel:+919876543210");

    await more.getByRole("link", { name: "Why Robotics Matters for Kids" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Why Robotics Matters for Kids");
    await page.getByRole("link", { name: "Back to All Blogs" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Our Blog & Latest Articles" })).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    expect(errors).toEqual([]);
  });

  // One walk over the pages that are not there (the status codes are also blog.api.test.ts's).
  test("a missing or unpublished post gives the 404 page with status 404, a blank slug a 400, a page beyond the last the empty text, in both languages", async ({
    page,
  }) => {
    await insertPosts([
      { slug: `${PREFIX}draft`, status: "draft" },
      { slug: `${PREFIX}scheduled`, publish_date: "2999-01-01T00:00:00.000Z" },
    ]);
    for (const slug of ["no-such-post", `${PREFIX}draft`, `${PREFIX}scheduled`]) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("404", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Uh oh. That page doesn't exist." })).toBeVisible();
      await expect(page.getByText("The blog post you are looking for does not exist.")).toBeVisible();
    }
    await page.getByRole("link", { name: "Go to the homepage" }).click();
    await expect(page).toHaveURL(/\/$/);

    const arabic = await page.goto("/ar/blog/no-such-post");
    expect(arabic?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "عذرًا، هذه الصفحة غير موجودة." })).toBeVisible();
    await expect(page.getByText("المقال الذي تبحث عنه غير موجود.")).toBeVisible();

    const response = await page.goto("/blog/%20");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("Blog post URL is incomplete.")).toBeVisible();

    await page.goto("/blog?page=99");
    await expect(page.getByText("No blog posts available yet. Check back soon!")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.goto("/ar/blog?page=99");
    await expect(page.getByText("لم ننشر أي مقالات بعد، ترقّبوا جديدنا قريبًا!")).toBeVisible();
  });

  test("a post that fails to load in the browser shows the failure text", async ({ page }) => {
    // Only a hydrated list opens a post in the browser: the blog hydrates for a signed-in visitor
    // (decision 055); for others a post is a page load.
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    await page.goto("/blog");
    await page.route("**/blog/why-robotics-matters-for-kids.data*", (route) => route.abort());
    await cards(page)
      .filter({ hasText: "Why Robotics Matters for Kids" })
      .getByRole("link", { name: /Read More/ })
      .click();
    await expect(page.getByText("Failed to load blog post. Please check your internet connection or try again later.")).toBeVisible();
  });

  test("markup and javascript: URLs in a post are shown as inert text", async ({ page, request }) => {
    const payload = "<script>window.__pwned=1</script>";
    await insertPosts([
      {
        slug: `${PREFIX}hostile`,
        title_en: `${payload} Hostile title`,
        meta_title_en: `</title></script><script>window.__pwned=1</script>`,
        description_en: `<img src=x onerror="window.__pwned=1"> description`,
        author: `<img src=x onerror="window.__pwned=1">`,
        image_url: "javascript:window.__pwned=1",
        publish_date: "2026-10-01T09:00:00.000Z",
        content_en: [
          { type: "paragraph", value: payload },
          { type: "heading", value: `<img src=x onerror="window.__pwned=1">`, level: 2 },
          { type: "image", value: "javascript:window.__pwned=1", alt: "bad image" },
          { type: "image", value: " JaVaScRiPt:window.__pwned=1", alt: "bad image 2" },
          { type: "list", items: [payload, `<a href="javascript:window.__pwned=1">link</a>`] },
          { type: "quote", value: `"><script>window.__pwned=1</script>` },
          { type: "code", value: `</code></pre>${payload}` },
          { type: "iframe", value: "javascript:window.__pwned=1" },
        ],
      },
    ]);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/blog/${PREFIX}hostile`);
    const article = page.locator("main article");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${payload} Hostile title`);
    await expect(article.locator("p", { hasText: /^<script>window.__pwned=1<\/script>$/ })).toBeVisible();
    await expect(article.getByRole("heading", { level: 2 })).toHaveText(`<img src=x onerror="window.__pwned=1">`);
    await expect(article.locator("li").last()).toHaveText(`<a href="javascript:window.__pwned=1">link</a>`);
    await expect(article.locator("pre code")).toHaveText(`</code></pre>${payload}`);
    await expect(page.locator("img[src^='javascript' i], img[src='x'], a[href^='javascript' i], iframe")).toHaveCount(0);
    await expect(article.locator("figure")).toHaveCount(0);

    // The list shows it inertly too, and then nothing has run anywhere.
    await page.goto("/blog");
    await expect(cards(page).first().getByRole("heading")).toHaveText(`${payload} Hostile title`);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);

    // In the server's HTML no payload survives as markup, including inside the JSON-LD.
    const html = await (await request.get(`/blog/${PREFIX}hostile`)).text();
    expect(html).not.toContain("<script>window.__pwned");
    expect(html).not.toContain('<img src="x"');
    expect(html).not.toContain("<img src=x");
    // (A post ships no hydration data (decision 055): the JSON-LD is where the title travels escaped.)
    expect(html).toContain("\\u003cscript\\u003ewindow.__pwned=1\\u003c/script\\u003e Hostile title");
    expect(metaContent(html, "property", "og:image")).toBeUndefined();
  });
});

test.describe("search engines and link previews", () => {
  test("posts and courses preview with a 1200x630 PNG, which Facebook, WhatsApp and X can show", async ({ request }) => {
    for (const path of ["/blog/why-robotics-matters-for-kids", "/ar/blog/why-robotics-matters-for-kids", "/courses/robotics-fundamentals"]) {
      const html = await (await request.get(path)).text();
      const image = metaContent(html, "property", "og:image");
      expect(image, path).toBeDefined();
      expect(metaContent(html, "name", "twitter:image"), path).toBe(image);
      expect(metaContent(html, "property", "og:image:width"), path).toBe("1200");
      expect(metaContent(html, "property", "og:image:height"), path).toBe("630");
      const response = await request.get(image!);
      expect(response.status(), image).toBe(200);
      expect(response.headers()["content-type"], image).toMatch(/^image\/(png|jpeg)$/);
      const { width, height, format } = await sharp(await response.body()).metadata();
      expect({ width, height, format }, image).toEqual({
        width: 1200,
        height: 630,
        format: response.headers()["content-type"] === "image/png" ? "png" : "jpeg",
      });
    }
  });

  test("a post's server HTML carries title, description, Open Graph, Twitter, canonical, hreflang and JSON-LD with absolute URLs", async ({
    request,
    baseURL,
  }) => {
    const origin = baseURL!;
    const response = await request.get("/blog/why-robotics-matters-for-kids");
    expect(response.status()).toBe(200);
    const html = await response.text();
    const postUrl = `${origin}/blog/why-robotics-matters-for-kids`;
    const image = `${origin}/og-image.png?src=${encodeURIComponent("/images/blog/why-robotics-matters-for-kids.svg")}`;

    expect(html).toContain("<title>Why Robotics Matters for Kids | STEM Academy</title>");
    expect(metaContent(html, "name", "description")).toBe("What children learn from robotics, the right age to start, and tips for parents.");
    expect(metaContent(html, "name", "keywords")).toBe("robotics for kids, STEM education, children coding, problem solving");
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:title")).toBe("Why Robotics Matters for Kids | STEM Academy");
    expect(metaContent(html, "property", "og:description")).toBe("What children learn from robotics, the right age to start, and tips for parents.");
    expect(metaContent(html, "property", "og:image")).toBe(image);
    expect(metaContent(html, "property", "og:url")).toBe(postUrl);
    expect(metaContent(html, "property", "og:site_name")).toBe("STEM Academy");
    expect(metaContent(html, "property", "article:published_time")).toBe("2025-09-12T09:00:00.000Z");
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "name", "twitter:title")).toBe("Why Robotics Matters for Kids | STEM Academy");
    expect(metaContent(html, "name", "twitter:image")).toBe(image);
    expect(linkHref(html, "canonical")).toBe(postUrl);
    expect(linkHref(html, "alternate", ' hrefLang="en"')).toBe(postUrl);
    expect(linkHref(html, "alternate", ' hrefLang="ar"')).toBe(`${origin}/ar/blog/why-robotics-matters-for-kids`);
    expect(linkHref(html, "alternate", ' hrefLang="x-default"')).toBe(postUrl);

    const script = /<script type="application\/ld\+json" nonce="([^"]+)">([^<]*)<\/script>/.exec(html);
    expect(script).not.toBeNull();
    // The nonce is this response's CSP nonce.
    expect(response.headers()["content-security-policy"]).toContain(`'nonce-${script![1]}'`);
    const ld = JSON.parse(script![2]!);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "Why Robotics Matters for Kids",
      // Search engines read SVG: the structured data keeps the post's own picture.
      image: [`${origin}/images/blog/why-robotics-matters-for-kids.svg`],
      datePublished: "2025-09-12T09:00:00.000Z",
      author: { "@type": "Person", name: "Abhishek Kumar Srivastava" },
      publisher: { "@type": "Organization", name: "STEM Academy", logo: { url: `${origin}/images/logo.svg` } },
      mainEntityOfPage: { "@id": postUrl },
      url: postUrl,
      inLanguage: "en",
    });
    expect(new Date(ld.dateModified).toISOString()).toBe(ld.dateModified);

    const arabic = await (await request.get("/ar/blog/why-robotics-matters-for-kids")).text();
    expect(arabic).toContain("<title>لماذا تهمّ الروبوتات أطفالنا | أكاديمية STEM</title>");
    expect(metaContent(arabic, "property", "og:url")).toBe(`${origin}/ar/blog/why-robotics-matters-for-kids`);
    expect(metaContent(arabic, "property", "og:locale")).toBe("ar_AR");
    expect(linkHref(arabic, "canonical")).toBe(`${origin}/ar/blog/why-robotics-matters-for-kids`);
  });

  test("the blog list has its own title, description, canonical URL and feed link", async ({ request, baseURL }) => {
    const html = await (await request.get("/ar/blog")).text();
    expect(html).toContain("<title>مدونتنا وأحدث المقالات | أكاديمية STEM</title>");
    expect(metaContent(html, "name", "description")).toMatch(/^مقالات للأهل والأطفال/);
    expect(metaContent(html, "property", "og:type")).toBe("website");
    expect(linkHref(html, "canonical")).toBe(`${baseURL}/ar/blog`);
    expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/ar\/blog\/rss.xml"/);
  });

  test("a course page carries JSON-LD Course with absolute URLs", async ({ request, baseURL }) => {
    for (const [pagePath, name] of [
      ["/courses/internet-of-things", "Internet of Things"],
      ["/ar/courses/internet-of-things", undefined],
    ] as const) {
      const html = await (await request.get(pagePath)).text();
      const script = /<script type="application\/ld\+json" nonce="[^"]+">([^<]*)<\/script>/.exec(html);
      expect(script, pagePath).not.toBeNull();
      const ld = JSON.parse(script![1]!);
      expect(ld).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Course",
        url: baseURL + pagePath,
        image: `${baseURL}/images/courses/internet-of-things.svg`,
        inLanguage: pagePath.startsWith("/ar/") ? "ar" : "en",
        typicalAgeRange: "14-24",
        provider: { "@type": "Organization", url: `${baseURL}/` },
        offers: [{ "@type": "Offer", price: 5000, priceCurrency: "USD" }],
        // The instructor is named in the page's language (teachers have Arabic names).
        hasCourseInstance: [{ instructor: { name: pagePath.startsWith("/ar/") ? "أنوشكا جاين" : "Anushka Jain" } }],
      });
      if (name) expect(ld.name).toBe(name);
      else expect(ld.name).not.toBe("Internet of Things");
      expect(linkHref(html, "canonical")).toBe(baseURL + pagePath);
    }
  });

  test("every page in the sitemap answers 200 with its own title and description, canonical URL and hreflang twins", async ({ request, baseURL }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(50);
    const titles = new Map<string, string>();
    for (const loc of locs) {
      expect(loc.startsWith(`${baseURL}/`)).toBe(true);
      const response = await request.get(loc);
      expect(response.status(), loc).toBe(200);
      const html = await response.text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, loc).toBeTruthy();
      // Unique within a language (a post written in English only has the same title on both twins).
      const key = `${loc.startsWith(`${baseURL}/ar`) ? "ar" : "en"} ${title}`;
      expect(titles.get(key), `${loc} has the title of ${titles.get(key)}`).toBeUndefined();
      titles.set(key, loc);
      expect(metaContent(html, "name", "description"), loc).toBeTruthy();
      expect(linkHref(html, "canonical"), loc).toBe(loc);
      const path = loc.slice(baseURL!.length).replace(/^\/ar(?=\/|$)/, "") || "/";
      expect(linkHref(html, "alternate", ' hrefLang="en"'), loc).toBe(baseURL + path);
      expect(linkHref(html, "alternate", ' hrefLang="ar"'), loc).toBe(baseURL + (path === "/" ? "/ar" : `/ar${path}`));
      expect(linkHref(html, "alternate", ' hrefLang="x-default"'), loc).toBe(baseURL + path);
    }
  });

  test("the production server serves robots.txt, the sitemap and both feeds", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "url" || name === "item" });
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(XMLValidator.validate(sitemap)).toBe(true);
    const locs = (parser.parse(sitemap).urlset.url as { loc: string }[]).map((u) => u.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${baseURL}/blog/why-robotics-matters-for-kids`,
        `${baseURL}/ar/blog/why-robotics-matters-for-kids`,
        `${baseURL}/courses/internet-of-things`,
      ]),
    );

    for (const [feedPath, first] of [
      ["/blog/rss.xml", `${baseURL}/blog/creative-screen-time`],
      ["/ar/blog/rss.xml", `${baseURL}/ar/blog/creative-screen-time`],
    ] as const) {
      const feed = await request.get(feedPath);
      expect(feed.headers()["content-type"]).toMatch(/^application\/rss\+xml/);
      const text = await feed.text();
      expect(XMLValidator.validate(text)).toBe(true);
      const items = parser.parse(text).rss.channel.item as { link: string }[];
      expect(items.map((i) => i.link)[0]).toBe(first);
      expect(items).toHaveLength(4);
    }
  });
});
