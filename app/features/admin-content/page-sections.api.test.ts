import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaffTestServer, type TestServer } from "~server/test/harness";
import { pageTexts } from "~/features/site/page-sections.server";
import { PAGE_SECTIONS, fillText } from "~/features/site/page-sections";
import { homeContent } from "~/features/home/home.server";
import { contentVersion } from "~server/http/content-version";
import { toDbJson } from "~server/db/values";

/** Every field of the home page's top banner, as the editor sends it. */
const hero = (over: Record<string, string> = {}) => ({
  titleEn: "Spark your child's curiosity with hands-on STEM",
  titleAr: "أشعل فضول طفلك بالعلوم والتقنية العملية",
  textEn: "Live classes.",
  textAr: "حصص مباشرة.",
  benefit1En: "One",
  benefit1Ar: "واحد",
  benefit2En: "Two",
  benefit2Ar: "",
  benefit3En: "Three",
  benefit3Ar: "ثلاثة",
  imageAltEn: "A child and a friendly robot building a rocket together",
  imageAltAr: "طفل وروبوت لطيف يبنيان صاروخًا معًا",
  ...over,
});

describe("page texts API (decision 058)", () => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ server, headers } = await startStaffTestServer());
  });
  afterAll(() => server?.close());

  it("seeds every declared section with today's texts and the specification's numbers", async () => {
    const declared = Object.values(PAGE_SECTIONS).reduce((n, sections) => n + sections.length, 0);
    expect(await server.countRows("page_sections")).toBe(declared);
    const en = await pageTexts(server.db, ["home", "site", "know-more"], "en");
    expect(en["hero.title"]).toEqual({ text: "Spark your child's curiosity with hands-on STEM", lang: "en" });
    expect(en["site.stats.studentsValue"]?.text).toBe("156+");
    expect([en["site.stats.classesValue"]?.text, en["site.stats.teachersValue"]?.text, en["site.stats.yearsValue"]?.text]).toEqual(["568+", "40+", "6+"]);
    expect([en["areas.stemTitle"], en["areas.roboticsTitle"], en["areas.codingTitle"], en["areas.modelingTitle"]].map((t) => t?.text)).toEqual([
      "STEM Learning",
      "Robotics",
      "Coding",
      "3D Modeling",
    ]);
    const camp = await pageTexts(server.db, ["summer-camp"], "en");
    expect([camp["spots.title"]?.text, camp["why.title"]?.text]).toEqual(["Spots Filling Fast", "Why Choose Us"]);
    const ar = await pageTexts(server.db, ["home"], "ar");
    expect(ar["hero.title"]?.lang).toBe("ar");
    expect(ar["hero.title"]?.text).not.toBe(en["hero.title"]?.text);
  });

  it("lists the pages and reads one page's sections with the fields lacking Arabic", async () => {
    const list = await server.request("GET", "/api/admin/pages", { headers });
    expect(list.status).toBe(200);
    expect(list.body.pages.map((p: { page: string }) => p.page)).toEqual(["home", "know-more", "stemlab", "summer-camp", "projects", "site"]);
    const page = await server.request("GET", "/api/admin/pages/home", { headers });
    expect(page.status).toBe(200);
    expect(page.body.sections[0]).toMatchObject({ key: "hero", missing: [] });
    expect((await server.request("GET", "/api/admin/pages/nope", { headers })).status).toBe(404);
  });

  it("saves a section, logs each changed field before → after, and falls back to English marked as English", async () => {
    const before = await server.countRows("audit_log");
    const res = await server.request("PUT", "/api/admin/pages/home/hero", { json: hero(), headers });
    expect(res.status).toBe(200);
    expect(await server.countRows("audit_log")).toBe(before + 1);
    const entry = await server.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: "update", entity: "page_section", entity_id: "home/hero" });
    const summary = JSON.parse(entry.summary) as { changes: Record<string, { from: string; to: string }> };
    expect(summary.changes.textEn ?? summary.changes.text_en).toMatchObject({ to: "Live classes." });
    expect(summary.changes.benefit2_ar).toMatchObject({ to: "" });
    const ar = await pageTexts(server.db, ["home"], "ar");
    expect(ar["hero.text"]).toEqual({ text: "حصص مباشرة.", lang: "ar" });
    expect(ar["hero.benefit2"]).toEqual({ text: "Two", lang: "en" });
    const editor = await server.request("GET", "/api/admin/pages/home", { headers });
    expect(editor.body.sections[0].missing).toEqual(["benefit2"]);
  });

  it("saves a shared figure once for both languages", async () => {
    const page = await server.request("GET", "/api/admin/pages/site", { headers });
    const stats = page.body.sections.find((s: { key: string }) => s.key === "stats").values;
    expect((await server.request("PUT", "/api/admin/pages/site/stats", { json: { ...stats, studentsValue: "200+" }, headers })).status).toBe(200);
    expect((await pageTexts(server.db, ["site"], "ar"))["site.stats.studentsValue"]).toEqual({ text: "200+", lang: "ar" });
  });

  it.each([
    ["missing English", hero({ titleEn: "" }), ["titleEn"]],
    ["a field of another section", { ...hero(), introEn: "x" }, ["_"]],
    ["a too long text", hero({ titleAr: "ا".repeat(201) }), ["titleAr"]],
    ["a wrong type", hero({ textEn: 5 as unknown as string }), ["textEn"]],
  ])("refuses %s with 400 on the field and changes nothing", async (_name, json, fields) => {
    const before = await server.countRows("audit_log");
    const res = await server.request("PUT", "/api/admin/pages/home/hero", { json, headers });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(fields);
    expect(await server.countRows("audit_log")).toBe(before);
  });

  it("makes the home page's age-groups block and the camp page's eyebrow, topic tags and curriculum title editable, shown on the public pages", async () => {
    const en = await pageTexts(server.db, ["home", "summer-camp"], "en");
    expect([en["ageFilter.title"]?.text, en["schools.eyebrow"]?.text, en["about.imageAlt"]?.text]).toEqual([
      "Find the right course for your child's age",
      "For Schools",
      "Students and a mentor around a table with laptops and robot parts",
    ]);
    expect([en["banner.eyebrow"]?.text, en["topics.printing"]?.text, en["headings.curriculumTitle"]?.text]).toEqual([
      "Summer Camp {{year}}",
      "3D Printing",
      "{{camp}} curriculum",
    ]);
    expect((await pageTexts(server.db, ["summer-camp"], "ar"))["topics.drones"]).toEqual({ text: "الطائرات المسيّرة", lang: "ar" });

    // The public pages read these through their loaders' pageTexts; the page cache is keyed on the content version (the newest audit id), which each save moves.
    const version = contentVersion(server.db, 0);
    const before = await version();
    const age = { titleEn: "Courses for every age", titleAr: "دورات لكل عمر", textEn: "Pick an age group.", textAr: "" };
    expect((await server.request("PUT", "/api/admin/pages/home/ageFilter", { json: age, headers })).status).toBe(200);
    expect(await version()).not.toBe(before);
    expect((await homeContent(server.db, "en")).texts["ageFilter.title"]).toEqual({ text: "Courses for every age", lang: "en" });
    const homeAr = (await homeContent(server.db, "ar")).texts;
    expect(homeAr["ageFilter.title"]).toEqual({ text: "دورات لكل عمر", lang: "ar" });
    expect(homeAr["ageFilter.text"]).toEqual({ text: "Pick an age group.", lang: "en" });

    const page = await server.request("GET", "/api/admin/pages/summer-camp", { headers });
    const banner = page.body.sections.find((s: { key: string }) => s.key === "banner").values;
    const topics = page.body.sections.find((s: { key: string }) => s.key === "topics").values;
    expect(Object.keys(topics)).toHaveLength(16);
    expect((await server.request("PUT", "/api/admin/pages/summer-camp/banner", { json: { ...banner, eyebrowEn: "Camp season {year}" }, headers })).status).toBe(
      200,
    );
    expect(
      (
        await server.request("PUT", "/api/admin/pages/summer-camp/topics", {
          json: { ...topics, dronesEn: "Flying robots", dronesAr: "روبوتات طائرة" },
          headers,
        })
      ).status,
    ).toBe(200);
    const camp = await pageTexts(server.db, ["summer-camp"], "en");
    expect(fillText(camp["banner.eyebrow"]!.text, { year: "2027" })).toBe("Camp season 2027");
    expect(fillText(en["headings.curriculumTitle"]!.text, { camp: "Robotics Camp" })).toBe("Robotics Camp curriculum");
    expect(camp["topics.drones"]?.text).toBe("Flying robots");
    expect((await pageTexts(server.db, ["summer-camp"], "ar"))["topics.drones"]).toEqual({ text: "روبوتات طائرة", lang: "ar" });
    const entry = await server.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity: "page_section", entity_id: "summer-camp/topics" });
    expect(JSON.parse(entry.summary).changes.drones_en).toEqual({ from: "Drones", to: "Flying robots" });
  });

  it("gives a row seeded before a field was declared that field's seed text, in the editor and on the page", async () => {
    const row = await server.db
      .selectFrom("page_sections")
      .select(["id", "texts_en", "texts_ar"])
      .where("page", "=", "home")
      .where("section", "=", "about")
      .executeTakeFirstOrThrow();
    const drop = (json: string) =>
      toDbJson(Object.fromEntries(Object.entries(JSON.parse(json) as Record<string, string>).filter(([name]) => name !== "imageAlt")));
    await server.db
      .updateTable("page_sections")
      .set({ texts_en: drop(row.texts_en), texts_ar: drop(row.texts_ar) })
      .where("id", "=", row.id)
      .execute();
    expect((await pageTexts(server.db, ["home"], "ar"))["about.imageAlt"]).toEqual({ text: "طلاب ومدرّب حول طاولة عليها حواسيب محمولة وقطع روبوت", lang: "ar" });
    const editor = await server.request("GET", "/api/admin/pages/home", { headers });
    expect(editor.body.sections.find((s: { key: string }) => s.key === "about").values.imageAltEn).toBe(
      "Students and a mentor around a table with laptops and robot parts",
    );
  });

  it("answers 404 for an unknown page or section", async () => {
    expect((await server.request("PUT", "/api/admin/pages/home/nope", { json: hero(), headers })).status).toBe(404);
    expect((await server.request("PUT", "/api/admin/pages/__proto__/hero", { json: hero(), headers })).status).toBe(404);
  });

  it("is for staff, editors included", async () => {
    const user = await server.signIn("user");
    for (const [method, path] of [
      ["GET", "/api/admin/pages"],
      ["GET", "/api/admin/pages/home"],
      ["PUT", "/api/admin/pages/home/hero"],
    ] as const) {
      const json = method === "PUT" ? hero() : undefined;
      expect((await server.request(method, path, { json })).status).toBe(401);
      expect((await server.request(method, path, { json, headers: { cookie: user.cookie, origin: server.url } })).status).toBe(403);
    }
    const editor = await server.signIn("editor");
    const res = await server.request("PUT", "/api/admin/pages/home/hero", {
      json: hero({ titleEn: "By an editor" }),
      headers: { cookie: editor.cookie, origin: server.url },
    });
    expect(res.status).toBe(200);
  });
});

describe("admin testimonial API", () => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ server, headers } = await startStaffTestServer());
  });
  afterAll(() => server?.close());

  const testimonial = (over: Record<string, unknown> = {}) => ({
    kind: "parent",
    nameEn: "Sara K.",
    nameAr: "",
    age: null,
    courseEn: "Robotics Fundamentals",
    courseAr: "أساسيات الروبوتات",
    reviewEn: "My daughter loves it.",
    reviewAr: "",
    sort: 9,
    ...over,
  });

  it("creates, edits (audited before → after), lists and deletes a testimonial", async () => {
    const created = await server.request("POST", "/api/admin/testimonials", { json: testimonial(), headers });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const edit = await server.request("PUT", `/api/admin/testimonials/${id}`, { json: testimonial({ reviewAr: "ابنتي تحبها." }), headers });
    expect(edit.status).toBe(200);
    const entry = await server.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: "update", entity: "testimonial", entity_id: String(id) });
    expect(JSON.parse(entry.summary).changes.review_ar).toEqual({ from: "", to: "ابنتي تحبها." });
    expect((await server.request("GET", `/api/admin/testimonials/${id}`, { headers })).body.testimonial).toMatchObject({
      reviewAr: "ابنتي تحبها.",
      kind: "parent",
    });
    const list = await server.request("GET", "/api/admin/testimonials?kind=parent&q=Sara", { headers });
    expect(list.body.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await server.request("DELETE", `/api/admin/testimonials/${id}`, { headers })).status).toBe(200);
    expect((await server.request("DELETE", `/api/admin/testimonials/${id}`, { headers })).status).toBe(404);
  });

  it.each([
    ["missing fields", {}, ["kind", "nameEn", "age", "courseEn", "reviewEn", "sort"]],
    ["a bad kind and age", testimonial({ kind: "teacher", age: 200 }), ["age", "kind"]],
  ])("refuses %s with 400 per-field messages", async (_name, json, fields) => {
    const res = await server.request("POST", "/api/admin/testimonials", { json, headers });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
  });

  it("is for staff only", async () => {
    const user = await server.signIn("user");
    for (const [method, path] of [
      ["GET", "/api/admin/testimonials"],
      ["POST", "/api/admin/testimonials"],
      ["PUT", "/api/admin/testimonials/1"],
      ["DELETE", "/api/admin/testimonials/1"],
    ] as const) {
      const json = method === "POST" || method === "PUT" ? testimonial() : undefined;
      expect((await server.request(method, path, { json })).status).toBe(401);
      expect((await server.request(method, path, { json, headers: { cookie: user.cookie, origin: server.url } })).status).toBe(403);
    }
  });
});
