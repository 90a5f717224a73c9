import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { startTestServer, type TestServer } from "~server/test/harness";
import { sitemapPages } from "./sitemap.server";

const PUBLIC_URL = "https://stem.example";
const seededSlugs = ["creative-screen-time", "how-to-choose-a-summer-camp", "getting-started-with-python-at-home", "why-robotics-matters-for-kids"];
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["url", "item", "xhtml:link"].includes(name) });

function parseXml(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
}

describe("sitemap, robots.txt and RSS", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL });
    const now = nowIso();
    const base = {
      title_ar: "",
      description_ar: "",
      category_ar: "",
      content_ar: "[]",
      content_en: "[]",
      meta_title_en: "",
      meta_title_ar: "",
      meta_description_en: "",
      meta_description_ar: "",
      meta_keywords_en: "",
      meta_keywords_ar: "",
      author: "A",
      created_at: now,
      updated_at: now,
    };
    await server.db
      .insertInto("blog_posts")
      .values([
        // Hostile text must come out as escaped XML; hidden posts must not come out at all.
        {
          ...base,
          slug: "hostile-title",
          status: "published",
          title_en: "</title><script>alert(1)</script> & \u0001 ]]>",
          description_en: "a < b & c > d",
          category_en: "x\"y'z",
          image_url: "javascript:alert(1)",
          publish_date: "2020-01-01T00:00:00.000Z",
        },
        {
          ...base,
          slug: "draft-post",
          status: "draft",
          title_en: "Draft",
          description_en: "d",
          category_en: "c",
          image_url: "",
          publish_date: "2020-01-01T00:00:00.000Z",
        },
        {
          ...base,
          slug: "future-post",
          status: "published",
          title_en: "Future",
          description_en: "d",
          category_en: "c",
          image_url: "",
          publish_date: "2999-01-01T00:00:00.000Z",
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("sitemap.xml lists every public page, course and published post in both languages with lastmod and twins", async () => {
    const res = await server.request("GET", "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const doc = parseXml(res.body);
    expect(doc.urlset["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const urls: { loc: string; lastmod: string; "xhtml:link": { "@hreflang": string; "@href": string }[] }[] = doc.urlset.url;
    const locs = urls.map((u) => u.loc);
    const courses = await server.db.selectFrom("courses").select("slug").execute();
    const paths = [...sitemapPages, ...courses.map((c) => `/courses/${c.slug}`), ...seededSlugs.map((s) => `/blog/${s}`), "/blog/hostile-title"];
    const expected = paths.flatMap((p) => [PUBLIC_URL + p, PUBLIC_URL + (p === "/" ? "/ar" : `/ar${p}`)]);
    expect([...locs].sort()).toEqual([...expected].sort());
    expect(locs).not.toContain(`${PUBLIC_URL}/blog/draft-post`);
    expect(locs).not.toContain(`${PUBLIC_URL}/blog/future-post`);
    for (const url of urls) {
      expect(new Date(url.lastmod).toISOString()).toBe(url.lastmod);
      expect(url["xhtml:link"].map((l) => l["@hreflang"])).toEqual(["en", "ar", "x-default"]);
    }
    const arabicPost = urls.find((u) => u.loc === `${PUBLIC_URL}/ar/blog/why-robotics-matters-for-kids`)!;
    expect(arabicPost["xhtml:link"].map((l) => l["@href"])).toEqual([
      `${PUBLIC_URL}/blog/why-robotics-matters-for-kids`,
      `${PUBLIC_URL}/ar/blog/why-robotics-matters-for-kids`,
      `${PUBLIC_URL}/blog/why-robotics-matters-for-kids`,
    ]);
    expect(arabicPost.lastmod >= "2025-09-12T09:00:00.000Z").toBe(true);
  });

  it("sitemap.xml lists a post written only in Arabic at its Arabic address alone", async () => {
    const now = new Date().toISOString();
    const texts = {
      description_en: "",
      category_en: "",
      content_en: "[]",
      meta_title_en: "",
      meta_description_en: "",
      meta_keywords_en: "",
      meta_title_ar: "",
      meta_description_ar: "",
      meta_keywords_ar: "",
    };
    await server.db
      .insertInto("blog_posts")
      .values({
        ...texts,
        slug: "arabic-only-map",
        status: "published",
        title_en: "",
        title_ar: "بالعربية",
        description_ar: "وصف",
        category_ar: "عام",
        content_ar: "[]",
        image_url: "",
        author: "B",
        publish_date: "2020-01-01T00:00:00.000Z",
        created_at: now,
        updated_at: now,
      })
      .execute();
    try {
      const urls: { loc: string; "xhtml:link": { "@hreflang": string; "@href": string }[] }[] = parseXml((await server.request("GET", "/sitemap.xml")).body)
        .urlset.url;
      const entries = urls.filter((u) => u.loc.endsWith("/blog/arabic-only-map"));
      expect(entries.map((u) => u.loc)).toEqual([`${PUBLIC_URL}/ar/blog/arabic-only-map`]);
      expect(entries[0]!["xhtml:link"].map((l) => l["@hreflang"])).toEqual(["ar", "x-default"]);
    } finally {
      await server.db.deleteFrom("blog_posts").where("slug", "=", "arabic-only-map").execute();
    }
  });

  it("robots.txt allows the site, keeps crawlers out of the admin area and names the sitemap", async () => {
    const res = await server.request("GET", "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = String(res.body).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining(["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /ar/admin", `Sitemap: ${PUBLIC_URL}/sitemap.xml`]),
    );
  });

  it("the English RSS 2.0 feed lists the published posts newest first with absolute links", async () => {
    const res = await server.request("GET", "/blog/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
    const doc = parseXml(res.body);
    expect(doc.rss["@version"]).toBe("2.0");
    const channel = doc.rss.channel;
    expect(channel).toMatchObject({ title: "STEM Academy Blog", link: `${PUBLIC_URL}/blog`, language: "en" });
    expect(channel["atom:link"]["@href"]).toBe(`${PUBLIC_URL}/blog/rss.xml`);
    const items: { title: string; link: string; guid: { "#text": string }; pubDate: string; description: string; enclosure?: { "@url": string } }[] =
      channel.item;
    expect(items.map((i) => i.link)).toEqual([...seededSlugs, "hostile-title"].map((s) => `${PUBLIC_URL}/blog/${s}`));
    expect(items[0]!.title).toBe("Turning Screen Time into Creative Time");
    expect(items[0]!.pubDate).toBe("Thu, 20 Aug 2026 09:00:00 GMT");
    expect(items[0]!.enclosure?.["@url"]).toBe(`${PUBLIC_URL}/images/blog/creative-screen-time.svg`);
    const hostile = items.find((i) => i.link.endsWith("/hostile-title"))!;
    // Read back as the same text, minus the control character XML cannot hold.
    expect(hostile.title).toBe("</title><script>alert(1)</script> &  ]]>");
    expect(hostile.enclosure).toBeUndefined();
    expect(String(res.body)).not.toContain("<script>");
  });

  it("the Arabic feed has Arabic texts, Arabic links, and English posts in English", async () => {
    const res = await server.request("GET", "/ar/blog/rss.xml");
    expect(res.status).toBe(200);
    const channel = parseXml(res.body).rss.channel;
    expect(channel).toMatchObject({ title: "مدونة أكاديمية STEM", link: `${PUBLIC_URL}/ar/blog`, language: "ar" });
    const titles = Object.fromEntries(channel.item.map((i: { link: string; title: string }) => [i.link, i.title]));
    expect(titles[`${PUBLIC_URL}/ar/blog/why-robotics-matters-for-kids`]).toBe("لماذا تهمّ الروبوتات أطفالنا");
    expect(titles[`${PUBLIC_URL}/ar/blog/creative-screen-time`]).toBe("من وقت الشاشة إلى وقت الإبداع");
    // A post written in English only (the hostile one) keeps its English title.
    expect(titles[`${PUBLIC_URL}/ar/blog/hostile-title`]).toBe("</title><script>alert(1)</script> &  ]]>");
  });

  it("the feed holds at most the 20 newest posts", async () => {
    const now = nowIso();
    // Copies of the draft's columns, published at 25 different dates.
    const { id: _id, ...hidden } = await server.db.selectFrom("blog_posts").selectAll().where("slug", "=", "draft-post").executeTakeFirstOrThrow();
    const rows = Array.from({ length: 25 }, (_, i) => ({
      ...hidden,
      slug: `bulk-${i}`,
      status: "published" as const,
      title_en: `Bulk ${i}`,
      publish_date: new Date(Date.UTC(2026, 9, 1 + i)).toISOString(),
      created_at: now,
      updated_at: now,
    }));
    await server.db.insertInto("blog_posts").values(rows).execute();
    const items = parseXml((await server.request("GET", "/blog/rss.xml")).body).rss.channel.item as { title: string }[];
    expect(items).toHaveLength(20);
    expect(items[0]!.title).toBe("Bulk 24");
    expect(items[19]!.title).toBe("Bulk 5");
  });
});
