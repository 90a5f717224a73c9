import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";

describe("GET /admin/course-dashboard/all-courses", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const path = "/admin/course-dashboard/all-courses";

  it("lists every seeded course in the specification's shape", async () => {
    const res = await server.request("GET", path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.body.courses).toHaveLength(13);
    const iot = res.body.courses.find((c: { key: string }) => c.key === "internet_of_things");
    expect(iot).toMatchObject({
      key: "internet_of_things",
      slug: "internet-of-things",
      courseName: "Internet of Things",
      courseDuration: 30,
      coursePrice: 5000,
      instructorName: "Anushka Jain",
      ageGroup: { min: 14, max: 24 },
    });
    expect(typeof iot._id).toBe("string");
    expect(iot.courseImage).toMatch(/^\/images\/courses\/.+\.svg$/);
    expect(iot).not.toHaveProperty("courseRating");
    const stem = res.body.courses.find((c: { key: string }) => c.key === "stem_learning");
    expect(stem.courseRating).toBe(4);
  });

  it("gives Arabic names and descriptions with ?lang=ar or Accept-Language: ar", async () => {
    const query = await server.request("GET", `${path}?lang=ar`);
    expect(query.status).toBe(200);
    const names = query.body.courses.map((c: { courseName: string }) => c.courseName);
    expect(names).toContain("إنترنت الأشياء");
    expect(names).not.toContain("Internet of Things");
    const header = await server.request("GET", path, { headers: { "accept-language": "ar" } });
    expect(header.body.courses.map((c: { courseName: string }) => c.courseName)).toEqual(names);
    // Keys, slugs and numbers do not change with the language.
    expect(query.body.courses.map((c: { slug: string }) => c.slug)).toContain("internet-of-things");
  });

  it("names each instructor in Arabic script on the Arabic list, and in English otherwise", async () => {
    const ar = (await server.request("GET", `${path}?lang=ar`)).body.courses as { slug: string; instructorName: string }[];
    for (const course of ar) expect(course.instructorName, course.slug).toMatch(/^[\u0600-\u06FF\s]+$/);
    expect(ar.find((c) => c.slug === "internet-of-things")?.instructorName).toBe("أنوشكا جاين");
    const en = (await server.request("GET", path)).body.courses as { slug: string; instructorName: string }[];
    expect(en.find((c) => c.slug === "internet-of-things")?.instructorName).toBe("Anushka Jain");
  });

  it("falls back to English for an unknown, repeated or oversized lang", async () => {
    for (const lang of ["xx", "en&lang=ar", "a".repeat(5000)]) {
      const res = await server.request("GET", `${path}?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.body.courses.map((c: { courseName: string }) => c.courseName)).toContain("Internet of Things");
    }
  });

  it("narrows to an exact age range with ?age=", async () => {
    const res = await server.request("GET", `${path}?age=6-12`);
    expect(res.status).toBe(200);
    expect(res.body.courses.map((c: { key: string }) => c.key)).toEqual(["visual_block_coding"]);
    const teens = await server.request("GET", `${path}?age=14-24&lang=ar`);
    expect(teens.body.courses).toHaveLength(6);
    for (const course of teens.body.courses) expect(course.ageGroup).toEqual({ min: 14, max: 24 });
    const all = await server.request("GET", `${path}?age=all`);
    expect(all.body.courses).toHaveLength(13);
  });

  it("lists every course that fits a child's age with ?childAge=", async () => {
    const eight = await server.request("GET", `${path}?childAge=8`);
    expect(eight.status).toBe(200);
    const slugs = eight.body.courses.map((c: { slug: string }) => c.slug).sort();
    // 6-12 and the four 6-18 courses; none of the teen courses.
    expect(slugs).toEqual(["digital-literacy", "financial-literacy-entrepreneurship", "robotics-fundamentals", "stem-learning", "visual-block-coding"]);
    for (const course of eight.body.courses) expect(course.ageGroup.min <= 8 && 8 <= course.ageGroup.max).toBe(true);
    const thirteen = await server.request("GET", `${path}?childAge=13&lang=ar`);
    expect(thirteen.body.courses.map((c: { slug: string }) => c.slug)).toContain("python-for-beginners");
    expect(thirteen.body.courses.map((c: { slug: string }) => c.slug)).not.toContain("visual-block-coding");
    expect((await server.request("GET", `${path}?childAge=3`)).body.courses).toEqual([]);
    for (const bad of ["0", "100", "8.5", "-1", "eight", "", "8&childAge=9", "9".repeat(5000)]) {
      const res = await server.request("GET", `${path}?childAge=${bad}`);
      expect(res.status, bad.slice(0, 20)).toBe(400);
      expect(res.body.message).toMatch(/childAge/);
    }
  });

  it("refuses an unknown, malformed, repeated or oversized age group with 400 and a message", async () => {
    for (const age of ["7-12", "6-", "abc", "6-12&age=6-18", "<script>", "6".repeat(5000)]) {
      const res = await server.request("GET", `${path}?age=${encodeURIComponent(age).replace("%26age%3D", "&age=")}`);
      expect(res.status, age).toBe(400);
      expect(res.body.message).toMatch(/Unknown age group/);
    }
    const arabic = await server.request("GET", `${path}?age=1-2&lang=ar`);
    expect(arabic.status).toBe(400);
    expect(arabic.body.message).toMatch(/فئة عمرية غير معروفة/);
  });

  it("follows edits of the catalogue", async () => {
    await server.db.updateTable("courses").set({ min_age: 7 }).where("key", "=", "visual_block_coding").execute();
    const res = await server.request("GET", `${path}?age=6-12`);
    expect(res.body.courses).toEqual([]);
    await server.db.updateTable("courses").set({ min_age: 6 }).where("key", "=", "visual_block_coding").execute();
  });

  it("names the language of each course's texts: English on an Arabic list when no Arabic name was entered", async () => {
    await server.db.updateTable("courses").set({ name_ar: "", description_ar: "" }).where("slug", "=", "raspberry-pi-basics").execute();
    const arabic = (await server.request("GET", `${path}?lang=ar`)).body.courses as { slug: string; lang: string; courseName: string }[];
    expect(arabic.find((c) => c.slug === "raspberry-pi-basics")).toMatchObject({ lang: "en", courseName: "Raspberry Pi Basics" });
    expect(arabic.find((c) => c.slug === "internet-of-things")).toMatchObject({ lang: "ar" });
    const english = (await server.request("GET", path)).body.courses as { lang: string }[];
    expect(english.every((c) => c.lang === "en")).toBe(true);
  });
});
