import { existsSync, readdirSync } from "node:fs";
import sharp from "sharp";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "~server/db/migrations";
import { startTestServer, type TestServer } from "~server/test/harness";
import { libraryAlts } from "./media.server";

const png = (width: number, height: number, r = 10) =>
  sharp({ create: { width, height, channels: 4, background: { r, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

describe("/api/admin/media: the media library", () => {
  let server: TestServer;
  let editor: { cookie: string; user: { id: number } };
  let admin: { cookie: string };
  let parent: { cookie: string };
  beforeAll(async () => {
    server = await startTestServer({ MAX_UPLOAD_BYTES: "300000" });
    editor = await server.signIn("editor");
    admin = await server.signIn("admin");
    parent = await server.signIn("user");
  });
  afterAll(async () => {
    await server?.close();
  });

  const upload = async (bytes: Buffer | string, fields: Record<string, string> = {}, options: { cookie?: string; path?: string; lang?: string } = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), "picture.png");
    const response = await fetch(`${server.url}${options.path ?? "/api/admin/media"}`, {
      method: "POST",
      body: form,
      headers: { cookie: options.cookie ?? editor.cookie, origin: server.url, ...(options.lang ? { "accept-language": options.lang } : {}) },
    });
    return { status: response.status, body: await response.json() };
  };
  const as = (who: { cookie: string }, lang = "en") => ({ cookie: who.cookie, origin: server.url, "accept-language": lang });
  const stored = (url: string) => {
    const name = /([a-f0-9]{24})-\d+\.webp$/.exec(url)![1]!;
    return existsSync(server.config.uploadsDir) ? readdirSync(server.config.uploadsDir).filter((file) => file.startsWith(name)).length : 0;
  };

  it("uploads an image with its alt texts: an editor may, and the upload is audited", async () => {
    const res = await upload(await png(900, 500), { altEn: "  Children building a robot ", altAr: "أطفال يبنون روبوتًا" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Image added to the library.");
    expect(res.body.media).toMatchObject({
      width: 900,
      height: 500,
      altEn: "Children building a robot",
      altAr: "أطفال يبنون روبوتًا",
      uploadedBy: "Test Staff",
      usedBy: [],
    });
    expect(res.body.media.url).toMatch(/^\/uploads\/[a-f0-9]{24}-900\.webp$/);
    expect(stored(res.body.media.url)).toBe(3);
    const audit = await server.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "media")
      .where("entity_id", "=", String(res.body.media.id))
      .execute();
    expect(audit.map((row) => [row.action, row.user_id])).toEqual([["create", editor.user.id]]);
  });

  it("adds every upload of an image field (POST /api/admin/uploads) to the library, without alt text", async () => {
    const res = await upload(await png(400, 300), {}, { path: "/api/admin/uploads" });
    expect(res.status).toBe(201);
    expect(res.body.mediaId).toEqual(expect.any(Number));
    const one = await server.request("GET", `/api/admin/media/${res.body.mediaId}`, { headers: as(editor) });
    expect(one.status).toBe(200);
    expect(one.body.media).toMatchObject({ url: res.body.url, width: 400, height: 300, altEn: "", altAr: "" });
  });

  it("refuses bad uploads with a message and stores nothing", async () => {
    const before = readdirSync(server.config.uploadsDir).length;
    const fake = await upload("<svg onload=alert(1)></svg>", { altEn: "x" });
    expect(fake).toEqual({ status: 400, body: { message: "This file is not a JPEG, PNG, WebP, GIF or AVIF image." } });
    const long = await upload(await png(50, 50), { altEn: "a".repeat(301) });
    expect(long.status).toBe(400);
    expect(long.body.errors.altEn).toBeTruthy();
    const small = await upload(await png(50, 50), { altAr: "" }, { lang: "ar" });
    expect(small.status).toBe(201);
    const none = await fetch(`${server.url}/api/admin/media`, {
      method: "POST",
      body: new FormData(),
      headers: { cookie: editor.cookie, origin: server.url, "accept-language": "ar" },
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
    const huge = await upload(Buffer.alloc(400_000, 1));
    expect(huge.status).toBe(413);
    // Only the good upload added a file (a 50 px picture has one copy).
    expect(readdirSync(server.config.uploadsDir).length).toBe(before + 1);
  });

  it("lists newest first, searches alt texts in both languages and file names, and pages", async () => {
    await upload(await png(300, 200, 40), { altEn: "Solar car kit", altAr: "مجموعة سيارة شمسية" });
    const all = await server.request("GET", "/api/admin/media", { headers: as(editor) });
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(4);
    expect(all.body.rows[0].altEn).toBe("Solar car kit");
    const en = await server.request("GET", "/api/admin/media?q=SOLAR", { headers: as(editor) });
    expect(en.body.rows.map((row: { altEn: string }) => row.altEn)).toEqual(["Solar car kit"]);
    const ar = await server.request("GET", `/api/admin/media?q=${encodeURIComponent("شمسية")}`, { headers: as(editor) });
    expect(ar.body.total).toBe(1);
    const byName = await server.request("GET", `/api/admin/media?q=${/([a-f0-9]{24})/.exec(all.body.rows[1].url)![1]}`, { headers: as(editor) });
    expect(byName.body.total).toBe(1);
    const wild = await server.request("GET", "/api/admin/media?q=%25", { headers: as(editor) });
    expect(wild.body.total).toBe(0);
    const paged = await server.request("GET", "/api/admin/media?pageSize=1&page=2", { headers: as(editor) });
    expect(paged.body.rows).toHaveLength(1);
    expect(paged.body.rows[0].id).toBe(all.body.rows[1].id);
    const csv = await fetch(`${server.url}/api/admin/media?format=csv`, { headers: { cookie: editor.cookie } });
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(await csv.text()).toContain("Solar car kit");
    const bad = await server.request("GET", "/api/admin/media?page=0&sort=size", { headers: as(editor) });
    expect(bad.status).toBe(400);
  });

  it("changes alt texts (trimmed, both languages, audited field by field) and refuses bad input", async () => {
    const { body } = await upload(await png(200, 100));
    const id = body.media.id as number;
    const saved = await server.request("PATCH", `/api/admin/media/${id}`, {
      headers: as(editor, "ar"),
      json: { altEn: " A 3D printer ", altAr: "طابعة ثلاثية الأبعاد" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("حُفظ النص البديل.");
    expect(saved.body.media).toMatchObject({ altEn: "A 3D printer", altAr: "طابعة ثلاثية الأبعاد" });
    const audit = await server.db
      .selectFrom("audit_log")
      .select(["action", "summary"])
      .where("entity", "=", "media")
      .where("entity_id", "=", String(id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe("update");
    expect(JSON.parse(audit.summary).changes).toEqual({ alt_en: { from: "", to: "A 3D printer" }, alt_ar: { from: "", to: "طابعة ثلاثية الأبعاد" } });

    // One language alone keeps the other's text; neither is a 400.
    const arOnly = await server.request("PATCH", `/api/admin/media/${id}`, { headers: as(editor), json: { altAr: "طابعة" } });
    expect(arOnly.body.media).toMatchObject({ altEn: "A 3D printer", altAr: "طابعة" });
    expect((await server.request("PATCH", `/api/admin/media/${id}`, { headers: as(editor), json: {} })).status).toBe(400);
    expect((await server.request("PATCH", `/api/admin/media/${id}`, { headers: as(editor), json: { altEn: 5 } })).status).toBe(400);
    expect((await server.request("PATCH", `/api/admin/media/${id}`, { headers: as(editor), json: { altEn: "x".repeat(301) } })).body.errors.altEn).toBeTruthy();
    expect((await server.request("PATCH", `/api/admin/media/${id}`, { headers: as(editor), json: { altEn: "nul\u0000" } })).status).toBe(400);
    expect((await server.request("PATCH", `/api/admin/media/${id}`, { headers: as(editor), body: "altEn=x" })).status).toBe(415);
    expect((await server.request("PATCH", "/api/admin/media/999999", { headers: as(editor), json: { altEn: "x" } })).status).toBe(404);
    expect((await server.request("PATCH", "/api/admin/media/abc", { headers: as(editor), json: { altEn: "x" } })).status).toBe(404);
  });

  it("refuses to delete an image content shows, naming where (409), and deletes it with its files once unused", async () => {
    const { body } = await upload(await png(700, 400), { altEn: "Robot arm" });
    const media = body.media as { id: number; url: string };
    const course = await server.db.selectFrom("courses").select(["id", "name_en", "name_ar"]).orderBy("id").executeTakeFirstOrThrow();
    await server.db.updateTable("courses").set({ image: media.url }).where("id", "=", course.id).execute();
    const post = await server.db.selectFrom("blog_posts").select(["id", "title_en", "content_en"]).orderBy("id").executeTakeFirstOrThrow();
    const blocks = JSON.parse(post.content_en) as unknown[];
    // A smaller copy in a content block counts too.
    await server.db
      .updateTable("blog_posts")
      .set({ content_en: JSON.stringify([...blocks, { type: "image", value: media.url.replace("-700.", "-320."), alt: "" }]) })
      .where("id", "=", post.id)
      .execute();

    const listed = await server.request("GET", `/api/admin/media/${media.id}`, { headers: as(editor) });
    expect(listed.body.media.usedBy).toEqual([
      { kind: "blog_post", id: post.id, name: post.title_en, editPath: `/admin/blogs/edit/${post.id}` },
      { kind: "course", id: course.id, name: course.name_en, editPath: `/admin/courses/edit/${course.id}` },
    ]);

    const refused = await server.request("DELETE", `/api/admin/media/${media.id}`, { headers: as(editor) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `This image is still used by Blog post “${post.title_en}”, Course “${course.name_en}”. Choose another image there first, then delete it.`,
    );
    expect(refused.body.usedBy).toHaveLength(2);
    const refusedAr = await server.request("DELETE", `/api/admin/media/${media.id}`, { headers: as(editor, "ar") });
    expect(refusedAr.body.message).toContain(`دورة «${course.name_ar}»`);
    expect(stored(media.url)).toBe(3);

    await server.db.updateTable("courses").set({ image: "/images/courses/robotics.svg" }).where("id", "=", course.id).execute();
    await server.db.updateTable("blog_posts").set({ content_en: post.content_en }).where("id", "=", post.id).execute();
    const deleted = await server.request("DELETE", `/api/admin/media/${media.id}`, { headers: as(admin) });
    expect(deleted).toMatchObject({ status: 200, body: { message: "Image deleted from the library." } });
    expect(stored(media.url)).toBe(0);
    expect((await server.request("GET", `/api/admin/media/${media.id}`, { headers: as(editor) })).status).toBe(404);
    expect((await server.request("DELETE", `/api/admin/media/${media.id}`, { headers: as(editor) })).status).toBe(404);
    const audit = await server.db
      .selectFrom("audit_log")
      .select("summary")
      .where("entity", "=", "media")
      .where("action", "=", "delete")
      .where("entity_id", "=", String(media.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary)).toMatchObject({ url: media.url, alt_en: "Robot arm" });
  });

  it("is for staff and editors only", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/media"],
      ["GET", "/api/admin/media/1"],
      ["PATCH", "/api/admin/media/1"],
      ["DELETE", "/api/admin/media/1"],
      ["POST", "/api/admin/media"],
    ] as const) {
      expect((await server.request(method, path, { headers: { origin: server.url } })).status, `${method} ${path} anonymous`).toBe(401);
      expect((await server.request(method, path, { headers: as(parent) })).status, `${method} ${path} parent`).toBe(403);
    }
    const foreign = await server.request("PATCH", "/api/admin/media/1", { headers: { ...as(editor), origin: "https://evil.example" }, json: { altEn: "x" } });
    expect(foreign.status).toBe(403);
  });

  it("gives public pages the library's alt text in the page's language, for any copy of the upload", async () => {
    const { body } = await upload(await png(700, 400), { altEn: "Kids coding", altAr: "أطفال يبرمجون" });
    const url = body.media.url as string;
    const small = url.replace("-700.", "-320.");
    expect(await libraryAlts(server.db, [url, small, "/images/logo.svg"], "ar")).toEqual({ [url]: "أطفال يبرمجون", [small]: "أطفال يبرمجون" });
    expect(await libraryAlts(server.db, [url], "en")).toEqual({ [url]: "Kids coding" });
    await server.request("PATCH", `/api/admin/media/${body.media.id}`, { headers: as(editor), json: { altEn: "Kids coding", altAr: "" } });
    expect(await libraryAlts(server.db, [url], "ar")).toEqual({});
  });
});

describe("media library migration", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("adds the uploads content already refers to (their widest copy), once each", async () => {
    const a = "0123456789abcdef01234567";
    const b = "fedcba9876543210fedcba98";
    await server.db
      .updateTable("courses")
      .set({ image: `/uploads/${a}-1280.webp` })
      .execute();
    await server.db
      .updateTable("teachers")
      .set({ photo: `https://cdn.example.com/media/${b}-640.webp` })
      .execute();
    const post = await server.db.selectFrom("blog_posts").select(["id"]).orderBy("id").executeTakeFirstOrThrow();
    await server.db
      .updateTable("blog_posts")
      .set({ content_en: JSON.stringify([{ type: "image", value: `/uploads/${a}-320.webp`, alt: "" }]) })
      .where("id", "=", post.id)
      .execute();
    await server.db.deleteFrom("media").execute();
    await sql`drop table media`.execute(server.db);
    await migrations["2026-11-25-30-media-library"]!.up(server.db as never);
    const rows = await server.db.selectFrom("media").select(["upload", "url", "width", "alt_en"]).orderBy("upload").execute();
    expect(rows).toEqual([
      { upload: a, url: `/uploads/${a}-1280.webp`, width: null, alt_en: "" },
      { upload: b, url: `https://cdn.example.com/media/${b}-640.webp`, width: null, alt_en: "" },
    ]);
  });
});
