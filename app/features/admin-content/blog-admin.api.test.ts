import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaffTestServer, type TestServer } from "~server/test/harness";
import { findRedirectSlug } from "~/features/blog/blog.server";

const today = new Date().toISOString().slice(0, 10);

const everyBlock = [
  { type: "heading", value: "Why build robots?", level: 3 },
  { type: "paragraph", value: "Robots make maths real." },
  { type: "image", value: "/uploads/abc-640.webp", alt: "A robot arm" },
  { type: "list", items: ["Sensors", "  ", "Motors "] },
  { type: "quote", value: "Build, test, repeat." },
  { type: "code", value: "  print('hi')" },
];

const post = (over: Record<string, unknown> = {}) => ({
  slug: "robots-at-home",
  status: "published",
  author: "Staff Writer",
  publishDate: today,
  imageUrl: "/uploads/abc-1280.webp",
  titleEn: "Robots at home",
  descriptionEn: "Simple robot projects for families.",
  categoryEn: "Robotics",
  metaTitleEn: "Robots at home | Guide",
  metaDescriptionEn: "Family robot projects",
  metaKeywordsEn: "robots, kids",
  contentEn: everyBlock,
  titleAr: "الروبوتات في المنزل",
  descriptionAr: "مشاريع روبوت بسيطة للعائلات.",
  contentAr: [{ type: "paragraph", value: "الروبوتات تجعل الرياضيات حقيقية." }],
  ...over,
});

describe("admin blog API", () => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ server, headers } = await startStaffTestServer());
  });
  afterAll(() => server?.close());

  const countPosts = () => server.countRows("blog_posts");

  it("creates a post with every block type, shown at once on the public API", async () => {
    const res = await server.request("POST", "/api/admin/blogs", { json: post(), headers });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ slug: "robots-at-home", message: "Saved." });
    const read = await server.request("GET", `/api/admin/blogs/${res.body.id}`, { headers });
    expect(read.body.post.contentEn).toHaveLength(6);
    expect(read.body.post.contentEn[3]).toEqual({ type: "list", items: ["Sensors", "Motors"] });
    expect(read.body.post.contentEn[5]).toEqual({ type: "code", value: "  print('hi')" });
    const pub = await server.request("GET", "/api/blogs/robots-at-home");
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ title: "Robots at home", metaKeywords: "robots, kids", category: "Robotics" });
    const audit = await server.db.selectFrom("audit_log").selectAll().where("entity", "=", "blog_post").execute();
    expect(audit.map((a) => a.action)).toContain("create");
  });

  it("refuses a taken slug with 409 'slug taken'", async () => {
    const before = await countPosts();
    const res = await server.request("POST", "/api/admin/blogs", { json: post({ titleEn: "Another" }), headers });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("slug taken");
    expect(await countPosts()).toBe(before);
  });

  it("keeps the old URL of a published post working after a slug change", async () => {
    const created = await server.request("POST", "/api/admin/blogs", { json: post({ slug: "old-name" }), headers });
    const id = created.body.id;
    const moved = await server.request("PUT", `/api/admin/blogs/${id}`, { json: post({ slug: "new-name", titleEn: "Renamed" }), headers });
    expect(moved.status).toBe(200);
    expect(await findRedirectSlug(server.db, "old-name")).toBe("new-name");
    expect((await server.request("GET", "/api/blogs/new-name")).body.title).toBe("Renamed");
    // Moving again points the first old slug at the newest one too.
    await server.request("PUT", `/api/admin/blogs/${id}`, { json: post({ slug: "newest-name" }), headers });
    expect(await findRedirectSlug(server.db, "old-name")).toBe("newest-name");
    expect(await findRedirectSlug(server.db, "new-name")).toBe("newest-name");
    // A new post taking an old slug wins over the redirect.
    await server.request("POST", "/api/admin/blogs", { json: post({ slug: "old-name" }), headers });
    expect(await findRedirectSlug(server.db, "old-name")).toBeUndefined();
    // A slug taken by another post is refused on update as well.
    expect((await server.request("PUT", `/api/admin/blogs/${id}`, { json: post({ slug: "robots-at-home" }), headers })).status).toBe(409);
  });

  it("does not keep redirects for drafts, and hides drafts from the public", async () => {
    const created = await server.request("POST", "/api/admin/blogs", { json: post({ slug: "draft-one", status: "draft" }), headers });
    expect((await server.request("GET", "/api/blogs/draft-one")).status).toBe(404);
    await server.request("PUT", `/api/admin/blogs/${created.body.id}`, { json: post({ slug: "draft-two", status: "draft" }), headers });
    expect(await findRedirectSlug(server.db, "draft-one")).toBeUndefined();
  });

  it("lists with search, status filter, sort, pages and CSV", async () => {
    const list = await server.request("GET", "/api/admin/blogs?q=robots&status=published&sort=title&dir=asc&pageSize=2", { headers });
    expect(list.status).toBe(200);
    expect(list.body.rows.length).toBeLessThanOrEqual(2);
    expect(list.body.total).toBeGreaterThanOrEqual(2);
    expect(list.body.rows.every((r: { status: string }) => r.status === "published")).toBe(true);
    const csv = await fetch(`${server.url}/api/admin/blogs?q=draft&format=csv`, { headers });
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text).toContain("draft-two");
    expect(text).not.toContain("robots-at-home");
    expect((await server.request("GET", "/api/admin/blogs?sort=password", { headers })).status).toBe(400);
  });

  it("lists a published post dated later as scheduled, apart from the published ones, and keeps it off the site", async () => {
    const created = await server.request("POST", "/api/admin/blogs", { json: post({ slug: "later-post", publishDate: "2999-01-01" }), headers });
    expect(created.status).toBe(201);
    expect((await server.request("GET", "/api/blogs/later-post")).status).toBe(404);
    const slugs = async (status: string) =>
      ((await server.request("GET", `/api/admin/blogs?status=${status}&pageSize=100`, { headers })).body.rows as { slug: string }[]).map((r) => r.slug);
    expect(await slugs("scheduled")).toEqual(["later-post"]);
    expect(await slugs("published")).not.toContain("later-post");
    expect(await slugs("published")).toContain("robots-at-home");
    expect((await server.request("GET", "/api/admin/blogs?status=soon", { headers })).status).toBe(400);
  });

  it("deletes a post and its redirects; unknown ids are 404", async () => {
    const created = await server.request("POST", "/api/admin/blogs", { json: post({ slug: "to-delete" }), headers });
    await server.request("PUT", `/api/admin/blogs/${created.body.id}`, { json: post({ slug: "to-delete-2" }), headers });
    const del = await server.request("DELETE", `/api/admin/blogs/${created.body.id}`, { headers });
    expect(del.status).toBe(200);
    expect(await findRedirectSlug(server.db, "to-delete")).toBeUndefined();
    expect((await server.request("GET", "/api/blogs/to-delete-2")).status).toBe(404);
    for (const [method, path] of [
      ["GET", "/api/admin/blogs/999999"],
      ["PUT", "/api/admin/blogs/999999"],
      ["DELETE", "/api/admin/blogs/999999"],
      ["GET", "/api/admin/blogs/abc"],
      ["GET", "/api/admin/blogs/1e3"],
    ] as const) {
      const res = await server.request(method, path, { headers, ...(method === "PUT" ? { json: post({ slug: "ghost" }) } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBeTruthy();
    }
  });

  it.each([
    ["missing fields", {}, ["slug", "status", "author", "publishDate"]],
    ["wrong types", post({ slug: 5, status: true, contentEn: "nope" }), ["slug", "status", "contentEn"]],
    ["a bad slug", post({ slug: "Hello World!" }), ["slug"]],
    ["a bad date", post({ publishDate: "2026-02-31" }), ["publishDate"]],
    ["no title in any language", post({ titleEn: "", titleAr: "" }), ["titleEn"]],
    ["a script URL as image", post({ imageUrl: "javascript:alert(1)" }), ["imageUrl"]],
    ["an unknown block type", post({ contentEn: [{ type: "html", value: "<script>" }] }), ["contentEn"]],
    ["a heading level 7", post({ contentEn: [{ type: "heading", value: "x", level: 7 }] }), ["contentEn"]],
    ["an empty list", post({ contentEn: [{ type: "list", items: ["", " "] }] }), ["contentEn"]],
    ["an image block without URL", post({ contentAr: [{ type: "image", value: "", alt: "x" }] }), ["contentAr"]],
    ["an oversized title", post({ titleEn: "x".repeat(500) }), ["titleEn"]],
  ])("refuses %s with 400 per-field messages and stores nothing", async (_name, json, fields) => {
    const before = await countPosts();
    const res = await server.request("POST", "/api/admin/blogs", { json, headers });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    expect(await countPosts()).toBe(before);
  });

  it("stores hostile text as text", async () => {
    const res = await server.request("POST", "/api/admin/blogs", {
      json: post({ slug: "hostile", titleEn: "<img src=x onerror=alert(1)>'; drop table blog_posts;--" }),
      headers,
    });
    expect(res.status).toBe(201);
    expect((await server.request("GET", "/api/blogs/hostile")).body.title).toBe("<img src=x onerror=alert(1)>'; drop table blog_posts;--");
  });

  it("refuses malformed JSON, a non-object and an oversized body", async () => {
    expect((await server.request("POST", "/api/admin/blogs", { body: "{bad", headers: { ...headers, "content-type": "application/json" } })).status).toBe(400);
    expect((await server.request("POST", "/api/admin/blogs", { json: [1], headers })).status).toBe(400);
    const huge = await server.request("POST", "/api/admin/blogs", {
      json: post({ contentEn: [{ type: "paragraph", value: "x".repeat(1_100_000) }] }),
      headers,
    });
    expect(huge.status).toBe(413);
  });

  it("is for staff only", async () => {
    const user = await server.signIn("user");
    for (const [method, path] of [
      ["GET", "/api/admin/blogs"],
      ["GET", "/api/admin/blogs/1"],
      ["POST", "/api/admin/blogs"],
      ["PUT", "/api/admin/blogs/1"],
      ["DELETE", "/api/admin/blogs/1"],
    ] as const) {
      const json = method === "POST" || method === "PUT" ? post({ slug: "nope" }) : undefined;
      expect((await server.request(method, path, { json })).status, `${method} ${path} anonymous`).toBe(401);
      expect((await server.request(method, path, { json, headers: { cookie: user.cookie, origin: server.url } })).status, `${method} ${path} parent`).toBe(403);
    }
  });
});
