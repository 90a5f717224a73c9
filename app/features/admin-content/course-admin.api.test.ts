import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { startStaffTestServer, type TestServer } from "~server/test/harness";

const course = (over: Record<string, unknown> = {}) => ({
  key: "lego_robotics",
  slug: "lego-robotics",
  nameEn: "LEGO Robotics",
  nameAr: "روبوتات ليغو",
  descriptionEn: "Build and program LEGO robots.",
  descriptionAr: "ابنِ روبوتات ليغو وبرمجها.",
  sessions: 24,
  minAge: 6,
  maxAge: 12,
  price: 3999,
  discounted: true,
  originalPrice: 4999,
  instructor: "Sahil Jaiswal",
  rating: 5,
  imageUrl: "/uploads/abc-640.webp",
  contentEn: [
    { type: "heading", value: "What you build", level: 2 },
    { type: "list", items: ["A rover", "A crane"] },
  ],
  contentAr: [{ type: "paragraph", value: "مشاريع ممتعة." }],
  faqs: [{ questionEn: "Do I need a kit?", answerEn: "No, we lend one.", questionAr: "هل أحتاج مجموعة؟", answerAr: "لا، نعيرك واحدة." }],
  metaTitle: "LEGO Robotics for kids",
  metaDescription: "Robotics with LEGO",
  metaKeywords: "lego, robotics",
  ...over,
});

describe("admin course API", () => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ server, headers } = await startStaffTestServer());
  });
  afterAll(() => server?.close());

  const countCourses = () => server.countRows("courses");

  it("creates a course with every field, shown at once in the public catalogue", async () => {
    const res = await server.request("POST", "/api/admin/courses", { json: course(), headers });
    expect(res.status).toBe(201);
    const read = await server.request("GET", `/api/admin/courses/${res.body.id}`, { headers });
    expect(read.body.course).toMatchObject(course());
    expect(read.body.bookings).toBe(0);
    const pub = await server.request("GET", "/admin/course-dashboard/all-courses?lang=ar");
    const listed = pub.body.courses.find((c: { key: string }) => c.key === "lego_robotics");
    expect(listed).toMatchObject({ courseName: "روبوتات ليغو", coursePrice: 3999, courseRating: 5, ageGroup: { min: 6, max: 12 } });
  });

  it("edits a course; a taken key or slug is 409", async () => {
    const { id } = (await server.request("POST", "/api/admin/courses", { json: course({ key: "drones_two", slug: "drones-two" }), headers })).body;
    const edited = await server.request("PUT", `/api/admin/courses/${id}`, {
      json: course({ key: "drones_two", slug: "drones-2", price: 100, discounted: false, originalPrice: null, rating: null }),
      headers,
    });
    expect(edited.status).toBe(200);
    const read = await server.request("GET", `/api/admin/courses/${id}`, { headers });
    expect(read.body.course).toMatchObject({ slug: "drones-2", price: 100, discounted: false, originalPrice: null, rating: null });
    // The audit log names the course and says what changed, before → after (issue 16, defect 8).
    const audit = await server.db
      .selectFrom("audit_log")
      .select("summary")
      .where("entity", "=", "course")
      .where("entity_id", "=", String(id))
      .where("action", "=", "update")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary)).toEqual({
      name: "LEGO Robotics",
      changes: {
        slug: { from: "drones-two", to: "drones-2" },
        price: { from: 3999, to: 100 },
        discounted: { from: 1, to: 0 },
        original_price: { from: 4999, to: null },
        rating: { from: 5, to: null },
      },
    });
    const slug = await server.request("PUT", `/api/admin/courses/${id}`, { json: course({ key: "drones_two", slug: "lego-robotics" }), headers });
    expect(slug.status).toBe(409);
    expect(slug.body.message).toBe("slug taken");
    const key = await server.request("POST", "/api/admin/courses", { json: course({ slug: "fresh-slug" }), headers });
    expect(key.status).toBe(409);
    expect(key.body.errors.key).toBeTruthy();
  });

  it("asks before deleting a course with demo bookings, then keeps the bookings' history", async () => {
    const { id } = (
      await server.request("POST", "/api/admin/courses", { json: course({ key: "booked_course", slug: "booked-course", nameEn: "Booked Course" }), headers })
    ).body;
    const now = nowIso();
    const slot = await server.db
      .insertInto("demo_slots")
      .values({ starts_at: "2030-01-01T10:00:00.000Z", duration_minutes: 60, capacity: 5, course_id: id, status: "open", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("demo_bookings")
      .values({
        reference: "REF123",
        cancel_token: "tok123",
        slot_id: slot.id,
        course_id: id,
        course_name: "Booked Course",
        child_name: "Sara",
        child_age: 9,
        parent_name: "Mona",
        email: "mona@example.com",
        phone: "9876543210",
        lang: "en",
        status: "booked",
        user_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await server.request("GET", `/api/admin/courses/${id}`, { headers })).body.bookings).toBe(1);
    const ask = await server.request("DELETE", `/api/admin/courses/${id}`, { headers });
    expect(ask.status).toBe(409);
    expect(ask.body).toMatchObject({ bookings: 1 });
    expect(ask.body.message).toMatch(/1 demo booking/);
    expect((await server.request("GET", `/api/admin/courses/${id}`, { headers })).status).toBe(200);
    const confirmed = await server.request("DELETE", `/api/admin/courses/${id}?confirm=1`, { headers });
    expect(confirmed.status).toBe(200);
    expect((await server.request("GET", `/api/admin/courses/${id}`, { headers })).status).toBe(404);
    const booking = await server.db.selectFrom("demo_bookings").selectAll().where("reference", "=", "REF123").executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ course_id: null, course_name: "Booked Course", child_name: "Sara" });
    const audit = await server.db.selectFrom("audit_log").select("action").where("entity", "=", "course").where("entity_id", "=", String(id)).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["create", "delete"]));
  });

  it("lists with search, sort and CSV", async () => {
    const list = await server.request("GET", "/api/admin/courses?q=python&sort=price&dir=desc", { headers });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.rows[0].price).toBeGreaterThanOrEqual(list.body.rows[1].price);
    const csv = await (await fetch(`${server.url}/api/admin/courses?q=python&format=csv`, { headers })).text();
    expect(csv.trim().split("\r\n")).toHaveLength(3);
  });

  it.each([
    ["missing fields", {}, ["key", "slug", "nameEn", "descriptionEn", "sessions", "minAge", "maxAge", "price", "instructor", "imageUrl"]],
    ["wrong types", course({ sessions: "ten", price: "1", discounted: "yes", faqs: "none" }), ["sessions", "price", "discounted", "faqs"]],
    ["a rating above 5", course({ key: "r", slug: "r", rating: 6 }), ["rating"]],
    ["a bad key", course({ key: "Bad Key" }), ["key"]],
    ["ages the wrong way round", course({ key: "ages", slug: "ages", minAge: 14, maxAge: 6 }), ["maxAge"]],
    ["a discount without a higher original price", course({ key: "disc", slug: "disc", originalPrice: 10 }), ["originalPrice"]],
    ["a FAQ without an answer", course({ key: "faq", slug: "faq", faqs: [{ questionEn: "Q?" }] }), ["faqs"]],
    ["negative or fractional numbers", course({ key: "neg", slug: "neg", sessions: 1.5, price: -1 }), ["sessions", "price"]],
  ])("refuses %s with 400 per-field messages and stores nothing", async (_name, json, fields) => {
    const before = await countCourses();
    const res = await server.request("POST", "/api/admin/courses", { json, headers });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    expect(await countCourses()).toBe(before);
  });

  it("unknown ids are 404", async () => {
    expect((await server.request("GET", "/api/admin/courses/424242", { headers })).status).toBe(404);
    expect((await server.request("PUT", "/api/admin/courses/424242", { json: course({ key: "ghost", slug: "ghost" }), headers })).status).toBe(404);
    expect((await server.request("DELETE", "/api/admin/courses/424242", { headers })).status).toBe(404);
    expect((await server.request("DELETE", "/api/admin/courses/-1", { headers })).status).toBe(404);
  });

  it("is for staff only", async () => {
    const user = await server.signIn("user");
    for (const [method, path] of [
      ["GET", "/api/admin/courses"],
      ["GET", "/api/admin/courses/1"],
      ["POST", "/api/admin/courses"],
      ["PUT", "/api/admin/courses/1"],
      ["DELETE", "/api/admin/courses/1?confirm=1"],
    ] as const) {
      const json = method === "POST" || method === "PUT" ? course({ key: "nope", slug: "nope" }) : undefined;
      expect((await server.request(method, path, { json })).status, `${method} ${path}`).toBe(401);
      expect((await server.request(method, path, { json, headers: { cookie: user.cookie, origin: server.url } })).status, `${method} ${path}`).toBe(403);
    }
    expect((await server.request("GET", "/api/admin/courses/1", { headers })).status).toBe(200);
  });
});
