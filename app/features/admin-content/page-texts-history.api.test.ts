import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { pageTexts } from "~/features/site/page-sections.server";

/** A testimonial as the editor sends it. */
const testimonial = (over: Record<string, unknown> = {}) => ({
  kind: "parent",
  nameEn: "Meera Iyer",
  nameAr: "ميرا آيير",
  age: null,
  courseEn: "Robotics",
  courseAr: "الروبوتات",
  reviewEn: "My son builds robots at home now.",
  reviewAr: "",
  sort: 50,
  ...over,
});

describe("drafts and revisions of page sections and testimonials (decision 063)", () => {
  let server: TestServer;
  let editor: Record<string, string>;
  let other: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer();
    editor = { cookie: (await server.signIn("editor")).cookie, origin: server.url };
    other = { cookie: (await server.signIn("admin")).cookie, origin: server.url };
  });
  afterAll(() => server?.close());

  const revisions = async (collection: string, id: number) =>
    (await server.request("GET", `/api/admin/${collection}/${id}/revisions`, { headers: editor })).body.revisions as { id: number; userName: string }[];
  /** The home page's top banner: its row id and its editor values. */
  const hero = async () => {
    const page = await server.request("GET", "/api/admin/pages/home", { headers: editor });
    const section = (page.body.sections as { key: string; id: number; values: Record<string, string> }[]).find((s) => s.key === "hero")!;
    return section;
  };

  it("keeps a revision per section save, compares it, and restores it through the section's save (public page, audit)", async () => {
    const { id, values } = await hero();
    expect(id).toBeGreaterThan(0);
    const first = await server.request("PUT", "/api/admin/pages/home/hero", {
      json: { ...values, titleEn: "Hands-on STEM for curious kids" },
      headers: editor,
    });
    expect(first.status).toBe(200);
    await server.request("PUT", "/api/admin/pages/home/hero", {
      json: { ...values, titleEn: "Build, code, explore", titleAr: "ابنِ وبرمج واستكشف" },
      headers: editor,
    });
    // The same values again add no revision.
    await server.request("PUT", "/api/admin/pages/home/hero", {
      json: { ...values, titleEn: "Build, code, explore", titleAr: "ابنِ وبرمج واستكشف" },
      headers: editor,
    });
    const list = await revisions("page-sections", id);
    expect(list).toHaveLength(2);
    expect(list[0]!.userName).toBe("Test Staff");
    const compared = await server.request("GET", `/api/admin/page-sections/${id}/revisions/${list[1]!.id}`, { headers: editor });
    expect(compared.status).toBe(200);
    expect(compared.body.changes.map((c: { field: string }) => c.field)).toEqual(["titleEn", "titleAr"]);
    expect(compared.body.changes[0]).toMatchObject({ before: "Hands-on STEM for curious kids", after: "Build, code, explore" });
    expect((await pageTexts(server.db, ["home"], "en"))["hero.title"]?.text).toBe("Build, code, explore");

    const restored = await server.request("POST", `/api/admin/page-sections/${id}/revisions/${list[1]!.id}/restore`, { headers: other });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ message: "Revision restored.", id, revision: list[1]!.id });
    const en = await pageTexts(server.db, ["home"], "en");
    expect(en["hero.title"]?.text).toBe("Hands-on STEM for curious kids");
    expect((await revisions("page-sections", id)).length).toBe(3);
    const audit = await server.db
      .selectFrom("audit_log")
      .select(["action", "summary"])
      .where("entity", "=", "page_section")
      .where("entity_id", "=", "home/hero")
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["restore", "update"]);
    expect(JSON.parse(audit[1]!.summary).changes.title_en).toEqual({ from: "Build, code, explore", to: "Hands-on STEM for curious kids" });
    // Put the seeded text back for the other tests.
    await server.request("PUT", "/api/admin/pages/home/hero", { json: values, headers: editor });
  });

  it("keeps each person's draft of a section; saving clears the saver's own; bad drafts are 4xx", async () => {
    const { id, values } = await hero();
    const saved = await server.request("PUT", `/api/admin/page-sections/${id}/draft`, {
      json: { values: { ...values, titleEn: "Half-typed" } },
      headers: editor,
    });
    expect(saved.status).toBe(200);
    await server.request("PUT", `/api/admin/page-sections/${id}/draft`, { json: { values: { titleEn: "Theirs" } }, headers: other });
    expect((await server.request("GET", `/api/admin/page-sections/${id}/draft`, { headers: editor })).body.draft.values.titleEn).toBe("Half-typed");
    expect((await pageTexts(server.db, ["home"], "en"))["hero.title"]?.text).toBe(values.titleEn);
    await server.request("PUT", "/api/admin/pages/home/hero", { json: values, headers: editor });
    expect((await server.request("GET", `/api/admin/page-sections/${id}/draft`, { headers: editor })).body.draft).toBeNull();
    expect((await server.request("GET", `/api/admin/page-sections/${id}/draft`, { headers: other })).body.draft.values).toEqual({ titleEn: "Theirs" });
    expect((await server.request("DELETE", `/api/admin/page-sections/${id}/draft`, { headers: other })).status).toBe(200);
    // Only the section's own fields, bounded; no "new" section; unknown rows 404.
    for (const body of [{ values: { nameEn: "x" } }, { values: { titleEn: "x".repeat(20_001) } }, { values: { titleEn: 3 } }, { values: {}, extra: 1 }]) {
      expect(
        (await server.request("PUT", `/api/admin/page-sections/${id}/draft`, { json: body, headers: editor })).status,
        JSON.stringify(body).slice(0, 60),
      ).toBe(400);
    }
    expect((await server.request("GET", "/api/admin/page-sections/new/draft", { headers: editor })).status).toBe(404);
    expect((await server.request("GET", "/api/admin/page-sections/999999/revisions", { headers: editor })).status).toBe(404);
  });

  it("refuses a section revision that no longer passes the section's rules (400), and another record's revision (404)", async () => {
    const { id, values } = await hero();
    await server.request("PUT", "/api/admin/pages/home/hero", { json: { ...values, titleEn: "Before" }, headers: editor });
    const [newest] = await revisions("page-sections", id);
    await server.db
      .updateTable("content_revisions")
      .set({ form_values: JSON.stringify({ ...values, titleEn: "" }) })
      .where("id", "=", newest!.id)
      .execute();
    const refused = await server.request("POST", `/api/admin/page-sections/${id}/revisions/${newest!.id}/restore`, { headers: editor });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.titleEn).toBeTruthy();
    const testimonialId = (await server.db.selectFrom("testimonials").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    expect((await server.request("POST", `/api/admin/testimonials/${testimonialId}/revisions/${newest!.id}/restore`, { headers: editor })).status).toBe(404);
    await server.request("PUT", "/api/admin/pages/home/hero", { json: values, headers: editor });
  });

  it("keeps testimonial revisions from create on, restores one (audited), and clears the new editor's draft on create", async () => {
    await server.request("PUT", "/api/admin/testimonials/new/draft", { json: { values: { nameEn: "Draft name", age: null, sort: 3 } }, headers: editor });
    expect((await server.request("GET", "/api/admin/testimonials/new/draft", { headers: editor })).body.draft.values).toEqual({
      nameEn: "Draft name",
      age: null,
      sort: 3,
    });
    const created = await server.request("POST", "/api/admin/testimonials", { json: testimonial(), headers: editor });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await server.request("GET", "/api/admin/testimonials/new/draft", { headers: editor })).body.draft).toBeNull();
    expect((await server.request("PUT", `/api/admin/testimonials/${id}`, { json: testimonial({ reviewEn: "Changed review." }), headers: editor })).status).toBe(
      200,
    );
    const list = await revisions("testimonials", id);
    expect(list).toHaveLength(2);
    const compared = await server.request("GET", `/api/admin/testimonials/${id}/revisions/${list[1]!.id}`, { headers: editor });
    expect(compared.body.changes).toEqual([{ field: "reviewEn", before: "My son builds robots at home now.", after: "Changed review." }]);
    const restored = await server.request("POST", `/api/admin/testimonials/${id}/revisions/${list[1]!.id}/restore`, { headers: editor });
    expect(restored.status).toBe(200);
    expect((await server.request("GET", `/api/admin/testimonials/${id}`, { headers: editor })).body.testimonial.reviewEn).toBe(
      "My son builds robots at home now.",
    );
    const audit = await server.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "testimonial")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["create", "update", "update", "restore"]);
    // Deleting it takes its drafts and revisions along.
    await server.request("PUT", `/api/admin/testimonials/${id}/draft`, { json: { values: { nameEn: "x" } }, headers: other });
    expect((await server.request("DELETE", `/api/admin/testimonials/${id}`, { headers: editor })).status).toBe(200);
    expect(
      await server.db.selectFrom("content_revisions").select("id").where("record_table", "=", "testimonials").where("record_id", "=", id).execute(),
    ).toEqual([]);
    expect(await server.db.selectFrom("content_drafts").select("id").where("record_table", "=", "testimonials").where("record_id", "=", id).execute()).toEqual(
      [],
    );
  });

  it("serves the testimonial endpoints with the collections' answers: 201, 404, 400 with field messages, 415", async () => {
    expect((await server.request("GET", "/api/admin/testimonials/999999", { headers: editor })).status).toBe(404);
    expect((await server.request("GET", "/api/admin/testimonials/abc", { headers: editor })).status).toBe(404);
    expect((await server.request("PUT", "/api/admin/testimonials/999999", { json: testimonial(), headers: editor })).status).toBe(404);
    expect((await server.request("DELETE", "/api/admin/testimonials/999999", { headers: editor })).status).toBe(404);
    const bad = await server.request("POST", "/api/admin/testimonials", { json: testimonial({ nameEn: "", age: 2 }), headers: editor });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(["nameEn", "age"]));
    expect((await server.request("POST", "/api/admin/testimonials", { body: "x", headers: { ...editor, "content-type": "text/plain" } })).status).toBe(415);
    const list = await server.request("GET", "/api/admin/testimonials?kind=child", { headers: editor });
    expect(list.status).toBe(200);
    expect(list.body.rows.every((r: { kind: string }) => r.kind === "child")).toBe(true);
    const parent = { cookie: (await server.signIn("user")).cookie, origin: server.url };
    for (const [method, path] of [
      ["GET", "/api/admin/testimonials/1"],
      ["POST", "/api/admin/testimonials"],
      ["GET", "/api/admin/page-sections/1/revisions"],
      ["PUT", "/api/admin/page-sections/1/draft"],
    ] as const) {
      const json = method === "GET" ? undefined : {};
      expect((await server.request(method, path, { headers: { origin: server.url }, json })).status, path).toBe(401);
      expect((await server.request(method, path, { headers: parent, json })).status, path).toBe(403);
    }
  });
});
