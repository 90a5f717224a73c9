import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { REVISIONS_KEPT } from "./revisions.server";

const today = new Date().toISOString().slice(0, 10);
const longText = (word: string) => `Robots make maths real. Children build a rover, then ${word} it with sensors and motors, step by step, in small teams.`;

const post = (over: Record<string, unknown> = {}) => ({
  slug: "history-post",
  status: "published",
  author: "Staff Writer",
  publishDate: today,
  titleEn: "First title",
  descriptionEn: "A post about robots.",
  contentEn: [{ type: "paragraph", value: longText("program") }],
  titleAr: "",
  descriptionAr: "",
  contentAr: [],
  ...over,
});

const course = (over: Record<string, unknown> = {}) => ({
  key: "history_course",
  slug: "history-course",
  nameEn: "History Course",
  nameAr: "دورة",
  descriptionEn: "A course.",
  descriptionAr: "دورة.",
  sessions: 10,
  minAge: 6,
  maxAge: 12,
  price: 100,
  discounted: false,
  originalPrice: null,
  instructor: "Sara",
  rating: null,
  imageUrl: "/uploads/abc-640.webp",
  contentEn: [],
  contentAr: [],
  faqs: [],
  metaTitle: "",
  metaDescription: "",
  metaKeywords: "",
  ...over,
});

describe("drafts and revisions API", () => {
  let server: TestServer;
  let editor: Record<string, string>;
  let other: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer();
    // An editor (not an administrator) may use all of it.
    editor = { cookie: (await server.signIn("editor")).cookie, origin: server.url };
    other = { cookie: (await server.signIn("admin")).cookie, origin: server.url };
  });
  afterAll(() => server?.close());

  const revisions = async (collection: string, id: number) =>
    (await server.request("GET", `/api/admin/${collection}/${id}/revisions`, { headers: editor })).body.revisions as { id: number; userName: string }[];

  it("keeps a revision per save (who, when, values), none for a save that changes nothing", async () => {
    const created = await server.request("POST", "/api/admin/blogs", { json: post(), headers: editor });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    let list = await revisions("blogs", id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ userName: "Test Staff" });
    expect((await server.request("PUT", `/api/admin/blogs/${id}`, { json: post({ titleEn: "Second title" }), headers: editor })).status).toBe(200);
    expect((await server.request("PUT", `/api/admin/blogs/${id}`, { json: post({ titleEn: "Second title" }), headers: editor })).status).toBe(200);
    list = await revisions("blogs", id);
    expect(list).toHaveLength(2);
    const oldest = await server.request("GET", `/api/admin/blogs/${id}/revisions/${list[1]!.id}`, { headers: editor });
    expect(oldest.status).toBe(200);
    expect(oldest.body.revision.values.titleEn).toBe("First title");
    expect(oldest.body.revision.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("compares a revision with the current version field by field, long text as a word diff", async () => {
    const id = (await server.request("POST", "/api/admin/blogs", { json: post({ slug: "compare-post" }), headers: editor })).body.id as number;
    await server.request("PUT", `/api/admin/blogs/${id}`, {
      json: post({
        slug: "compare-post",
        titleEn: "New title",
        contentEn: [
          { type: "heading", value: "Start", level: 2 },
          { type: "paragraph", value: longText("drive") },
        ],
      }),
      headers: editor,
    });
    const [, first] = await revisions("blogs", id);
    const res = await server.request("GET", `/api/admin/blogs/${id}/revisions/${first!.id}`, { headers: editor });
    const changes = res.body.changes as { field: string; before: string; after: string; parts?: { kind: string; text: string }[] }[];
    expect(changes.map((c) => c.field)).toEqual(["titleEn", "contentEn"]);
    expect(changes[0]).toEqual({ field: "titleEn", before: "First title", after: "New title" });
    const content = changes[1]!;
    expect(content.after.startsWith("## Start\n\n")).toBe(true);
    expect(content.parts).toContainEqual({ kind: "removed", text: "program" });
    expect(content.parts).toContainEqual({ kind: "added", text: "drive" });
    expect(
      content
        .parts!.filter((p) => p.kind === "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe("program");
    // The newest revision is the current version: nothing differs.
    const [newest] = await revisions("blogs", id);
    expect((await server.request("GET", `/api/admin/blogs/${id}/revisions/${newest!.id}`, { headers: editor })).body.changes).toEqual([]);
  });

  it("restores a revision through the normal save: public site changed, audited, itself a revision", async () => {
    const id = (await server.request("POST", "/api/admin/blogs", { json: post({ slug: "restore-post", titleEn: "Original" }), headers: editor })).body
      .id as number;
    await server.request("PUT", `/api/admin/blogs/${id}`, { json: post({ slug: "restore-post", titleEn: "Changed" }), headers: editor });
    expect((await server.request("GET", "/api/blogs/restore-post")).body.title).toBe("Changed");
    const [, original] = await revisions("blogs", id);
    const res = await server.request("POST", `/api/admin/blogs/${id}/revisions/${original!.id}/restore`, { headers: other });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Revision restored.", id, revision: original!.id });
    expect((await server.request("GET", "/api/blogs/restore-post")).body.title).toBe("Original");
    const list = await revisions("blogs", id);
    expect(list).toHaveLength(3);
    expect(list[0]!.userName).toBe("Test Staff");
    const audit = await server.db
      .selectFrom("audit_log")
      .select(["action", "summary"])
      .where("entity", "=", "blog_post")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["create", "update", "update", "restore"]);
    expect(JSON.parse(audit[2]!.summary).changes.title_en).toEqual({ from: "Changed", to: "Original" });
    expect(JSON.parse(audit[3]!.summary)).toMatchObject({ revision: original!.id, name: "Original" });
  });

  it("restores a course revision; a record saved before revisions were kept stays restorable", async () => {
    const id = (await server.request("POST", "/api/admin/courses", { json: course(), headers: editor })).body.id as number;
    const created = await revisions("courses", id);
    // As if the course had been saved before this feature: its state now has no revision.
    await server.db.updateTable("courses").set({ price: 555 }).where("id", "=", id).execute();
    const res = await server.request("POST", `/api/admin/courses/${id}/revisions/${created[0]!.id}/restore`, { headers: editor, json: {} });
    expect(res.status).toBe(200);
    expect((await server.request("GET", `/api/admin/courses/${id}`, { headers: editor })).body.course.price).toBe(100);
    const list = await revisions("courses", id);
    expect(list.map((r) => r.userName)).toEqual(["Test Staff", "", "Test Staff"]);
    const kept = await server.request("GET", `/api/admin/courses/${id}/revisions/${list[1]!.id}`, { headers: editor });
    expect(kept.body.changes).toEqual([{ field: "price", before: "555", after: "100" }]);
  });

  it(`keeps only the newest ${REVISIONS_KEPT} revisions of a record`, async () => {
    const id = (await server.request("POST", "/api/admin/courses", { json: course({ key: "many_saves", slug: "many-saves" }), headers: editor })).body
      .id as number;
    for (let n = 1; n <= REVISIONS_KEPT + 2; n++) {
      const res = await server.request("PUT", `/api/admin/courses/${id}`, {
        json: course({ key: "many_saves", slug: "many-saves", sessions: n }),
        headers: editor,
      });
      expect(res.status).toBe(200);
    }
    const list = await revisions("courses", id);
    expect(list).toHaveLength(REVISIONS_KEPT);
    const oldest = await server.request("GET", `/api/admin/courses/${id}/revisions/${list.at(-1)!.id}`, { headers: editor });
    expect(oldest.body.revision.values.sessions).toBe(3);
    // Deleting the course takes its history with it.
    expect((await server.request("DELETE", `/api/admin/courses/${id}`, { headers: editor })).status).toBe(200);
    expect(await server.db.selectFrom("content_revisions").select("id").where("record_table", "=", "courses").where("record_id", "=", id).execute()).toEqual(
      [],
    );
  });

  it("refuses a restore whose slug another post took since (409), and unknown revisions (404)", async () => {
    const a = (await server.request("POST", "/api/admin/blogs", { json: post({ slug: "slug-a" }), headers: editor })).body.id as number;
    await server.request("PUT", `/api/admin/blogs/${a}`, { json: post({ slug: "slug-a2" }), headers: editor });
    await server.request("POST", "/api/admin/blogs", { json: post({ slug: "slug-a" }), headers: editor });
    const [, first] = await revisions("blogs", a);
    const taken = await server.request("POST", `/api/admin/blogs/${a}/revisions/${first!.id}/restore`, { headers: editor });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("slug taken");
    const b = (await server.request("POST", "/api/admin/blogs", { json: post({ slug: "slug-b" }), headers: editor })).body.id as number;
    // Another record's revision is not this one's.
    expect((await server.request("GET", `/api/admin/blogs/${b}/revisions/${first!.id}`, { headers: editor })).status).toBe(404);
    expect((await server.request("POST", `/api/admin/blogs/${b}/revisions/${first!.id}/restore`, { headers: editor })).status).toBe(404);
    expect((await server.request("GET", `/api/admin/blogs/999999/revisions`, { headers: editor })).status).toBe(404);
    expect((await server.request("GET", `/api/admin/blogs/${b}/revisions/abc`, { headers: editor })).status).toBe(404);
  });

  it("saves, reads and discards a person's draft; another person never sees it; the public site is unchanged", async () => {
    const id = (await server.request("POST", "/api/admin/blogs", { json: post({ slug: "draft-post" }), headers: editor })).body.id as number;
    expect((await server.request("GET", `/api/admin/blogs/${id}/draft`, { headers: editor })).body).toEqual({ draft: null });
    const values = { ...post({ slug: "draft-post" }), titleEn: "Half-typed ti" };
    const saved = await server.request("PUT", `/api/admin/blogs/${id}/draft`, { json: { values }, headers: editor });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Draft saved.");
    const read = await server.request("GET", `/api/admin/blogs/${id}/draft`, { headers: editor });
    expect(read.body.draft).toMatchObject({ values: { titleEn: "Half-typed ti" }, olderThanRecord: false, savedAt: saved.body.savedAt });
    expect((await server.request("GET", `/api/admin/blogs/${id}/draft`, { headers: other })).body).toEqual({ draft: null });
    expect((await server.request("GET", "/api/blogs/draft-post")).body.title).toBe("First title");
    expect(await revisions("blogs", id)).toHaveLength(1);
    // Someone else saves the post: the draft is now older than the record.
    await server.request("PUT", `/api/admin/blogs/${id}`, { json: post({ slug: "draft-post", titleEn: "Their title" }), headers: other });
    expect((await server.request("GET", `/api/admin/blogs/${id}/draft`, { headers: editor })).body.draft.olderThanRecord).toBe(true);
    const discarded = await server.request("DELETE", `/api/admin/blogs/${id}/draft`, { headers: editor });
    expect(discarded.body.message).toBe("Draft discarded.");
    expect((await server.request("GET", `/api/admin/blogs/${id}/draft`, { headers: editor })).body).toEqual({ draft: null });
  });

  it("clears the saver's draft when the record is saved, and the new editor's draft when one is created", async () => {
    await server.request("PUT", "/api/admin/courses/new/draft", { json: { values: { nameEn: "Draft course" } }, headers: editor });
    expect((await server.request("GET", "/api/admin/courses/new/draft", { headers: editor })).body.draft.values).toEqual({ nameEn: "Draft course" });
    const id = (await server.request("POST", "/api/admin/courses", { json: course({ key: "drafted", slug: "drafted" }), headers: editor })).body.id as number;
    expect((await server.request("GET", "/api/admin/courses/new/draft", { headers: editor })).body.draft).toBeNull();
    await server.request("PUT", `/api/admin/courses/${id}/draft`, { json: { values: { nameEn: "Mine" } }, headers: editor });
    await server.request("PUT", `/api/admin/courses/${id}/draft`, { json: { values: { nameEn: "Theirs" } }, headers: other });
    await server.request("PUT", `/api/admin/courses/${id}`, { json: course({ key: "drafted", slug: "drafted" }), headers: editor });
    expect((await server.request("GET", `/api/admin/courses/${id}/draft`, { headers: editor })).body.draft).toBeNull();
    expect((await server.request("GET", `/api/admin/courses/${id}/draft`, { headers: other })).body.draft.values).toEqual({ nameEn: "Theirs" });
  });

  it("answers bad drafts with 4xx JSON", async () => {
    const id = (await server.request("POST", "/api/admin/blogs", { json: post({ slug: "bad-draft" }), headers: editor })).body.id as number;
    const put = (json: unknown) => server.request("PUT", `/api/admin/blogs/${id}/draft`, { json, headers: editor });
    for (const body of [
      {},
      { values: [] },
      { values: { notAField: "x" } },
      { values: { titleEn: { nested: true } } },
      { values: { titleEn: "x".repeat(100_001) } },
      { values: {}, extra: 1 },
      { values: { titleEn: "a\u0000b" } },
    ]) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await server.request("PUT", `/api/admin/blogs/999999/draft`, { json: { values: {} }, headers: editor })).status).toBe(404);
    expect((await server.request("GET", `/api/admin/blogs/0/draft`, { headers: editor })).status).toBe(404);
  });

  it("is for staff only", async () => {
    const parent = { cookie: (await server.signIn("user")).cookie, origin: server.url };
    for (const [method, path] of [
      ["GET", "/api/admin/blogs/1/revisions"],
      ["GET", "/api/admin/courses/new/draft"],
      ["PUT", "/api/admin/courses/new/draft"],
    ] as const) {
      expect((await server.request(method, path, { headers: { origin: server.url }, json: method === "PUT" ? { values: {} } : undefined })).status).toBe(401);
      expect((await server.request(method, path, { headers: parent, json: method === "PUT" ? { values: {} } : undefined })).status).toBe(403);
    }
  });
});
