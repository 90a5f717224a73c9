import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, requestListener } from "~server/app";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { nowIso } from "~server/db/values";
import { addDays, zonedParts } from "~/lib/zoned-time";

describe("course sections and enrolment API", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; slug: string; min_age: number; max_age: number; sessions: number };
  let timeZone: string;
  let today: string;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "min_age", "max_age", "sessions"])
      .where("slug", "=", "robotics-fundamentals")
      .executeTakeFirstOrThrow();
    timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    today = zonedParts(new Date(), timeZone).date;
  });
  afterAll(async () => {
    await server?.close();
  });

  const section = (extra: Record<string, unknown> = {}) => ({
    courseId: course.id,
    weekdays: [1, 3],
    startTime: "17:00",
    durationMinutes: 60,
    firstDate: addDays(today, 10),
    meetings: 6,
    capacity: 12,
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await server.request("POST", "/api/admin/sections", { json: section(extra), headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const child = (email: string, extra: Record<string, unknown> = {}) => ({
    childName: "Aarav Sharma",
    childAge: course.min_age,
    parentName: "Priya Sharma",
    email,
    phone: "+91 98765 43210",
    ...extra,
  });
  const enrol = (id: number, body: unknown, headers: Record<string, string> = {}) =>
    server.request("POST", `/api/sections/${id}/enrolments`, { json: body, headers });
  const seats = async (id: number) =>
    (await server.db.selectFrom("course_sections").select("seats_taken").where("id", "=", id).executeTakeFirstOrThrow()).seats_taken;
  const live = async (id: number) =>
    Number(
      (
        await server.db
          .selectFrom("section_enrolments")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("section_id", "=", id)
          .where("status", "=", "enrolled")
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("seeds open sections for every course, with the course's classes and ages", async () => {
    const res = await server.request("GET", `/api/courses/${course.slug}/sections`);
    expect(res.status).toBe(200);
    expect(res.body.sections.length).toBeGreaterThanOrEqual(2);
    const first = res.body.sections[0];
    expect(first).toMatchObject({ seatsLeft: 12, capacity: 12, minAge: course.min_age, maxAge: course.max_age, registrationOpen: true });
    expect(first.meetings).toHaveLength(course.sessions);
    expect(first.instructor).toEqual(expect.any(String));
    expect((await server.request("GET", "/api/courses/no-such-course/sections")).status).toBe(404);
  });

  it("staff create a section: meetings materialised in the academy's zone, closures skipped, audited", async () => {
    const firstDate = addDays(today, 7);
    // The first four chosen weekdays from the first date; the second is closed.
    const days: string[] = [];
    for (let i = 0; days.length < 3; i++) {
      const date = addDays(firstDate, i);
      if ([1, 3].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) days.push(date);
    }
    const id = await create({ firstDate, closures: [days[1]], meetings: 4, teacherId: null, language: "ar" });
    const meetings = await server.db.selectFrom("section_meetings").select("starts_at").where("section_id", "=", id).orderBy("starts_at").execute();
    expect(meetings).toHaveLength(4);
    const local = meetings.map((m) => zonedParts(m.starts_at, timeZone));
    expect(local.map((p) => p.time)).toEqual(["17:00", "17:00", "17:00", "17:00"]);
    expect(local.map((p) => p.date)).not.toContain(days[1]);
    expect(local[0]!.date).toBe(days[0]);
    const audit = await server.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "course_section")
      .where("entity_id", "=", String(id))
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe("create");
    expect(JSON.parse(audit.summary).changes.capacity).toEqual({ from: null, to: 12 });
    // Omitted meetings and ages follow the course.
    const defaults = await create({ meetings: null });
    const row = await server.db.selectFrom("course_sections").selectAll().where("id", "=", defaults).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ meeting_count: course.sessions, min_age: course.min_age, max_age: course.max_age });
  });

  it("refuses bad sections with field messages, and non-staff", async () => {
    const bad = await server.request("POST", "/api/admin/sections", {
      json: section({ weekdays: [], startTime: "25:00", capacity: 0, mode: "online", minAge: 10, maxAge: 8 }),
      headers: staff,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["capacity", "maxAge", "meetingUrl", "startTime", "weekdays"]);
    const noCourse = await server.request("POST", "/api/admin/sections", { json: section({ courseId: 999999 }), headers: staff });
    expect(noCourse.status).toBe(400);
    expect(noCourse.body.errors.courseId).toBeTruthy();
    expect((await server.request("POST", "/api/admin/sections", { json: section(), headers: { origin: server.url } })).status).toBe(401);
    const parent = await server.signIn("user");
    expect((await server.request("POST", "/api/admin/sections", { json: section(), headers: { cookie: parent.cookie, origin: server.url } })).status).toBe(403);
    expect((await server.request("GET", "/api/admin/sections", { headers: { cookie: parent.cookie } })).status).toBe(403);
  });

  it("enrols a child in every meeting: 201 with a reference, the seat taken, an e-mail in the parent's language with every meeting in its .ics", async () => {
    const id = await create({ meetings: 5 });
    const res = await enrol(id, child("ar.parent@example.com"), { "accept-language": "ar" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.reference).toMatch(/^[\w-]{20,}$/);
    expect(res.body.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(await seats(id)).toBe(1);
    const listed = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.sections.find((s: { id: number }) => s.id === id);
    expect(listed.seatsLeft).toBe(11);
    await waitForJobs(server.db);
    const mail = outboxMails(server.config.dataDir).find((m) => m.to === "ar.parent@example.com" && !m.subject.includes("INV-"));
    expect(mail?.subject).toContain("تأكيد التسجيل");
    expect(mail?.text).toContain(res.body.code);
    const ics = Buffer.from(/course-timetable\.ics[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail!.raw)![1]!.replace(/\s/g, ""), "base64").toString("utf8");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(5);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  });

  it("answers 400 with field messages, ages outside the section, and 409 for the same child twice", async () => {
    const id = await create({ minAge: 8, maxAge: 10 });
    const bad = await enrol(id, { childName: "", childAge: "nine", parentName: "P", email: "not-an-email", phone: "abc" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["childAge", "childName", "email", "phone"]);
    const old = await enrol(id, child("old@example.com", { childAge: 12 }));
    expect(old.status).toBe(400);
    expect(old.body.errors.childAge).toBe("This group is for ages 8 to 10.");
    expect(await enrol(id, child("twice@example.com", { childAge: 9 })).then((r) => r.status)).toBe(201);
    const again = await enrol(id, child("TWICE@example.com", { childAge: 9, childName: " aarav  sharma " }));
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe("duplicate");
    // A sibling with the same e-mail is welcome.
    expect(await enrol(id, child("twice@example.com", { childAge: 9, childName: "Anaya Sharma" })).then((r) => r.status)).toBe(201);
    expect(await seats(id)).toBe(2);
    expect((await enrol(999999, child("x@example.com"))).status).toBe(404);
    expect((await enrol(id, child("u@example.com", { __proto__: { admin: true }, extra: "x" }))).status).not.toBe(500);
  });

  it("answers 409 when full, closed or not open yet, saying when it opens", async () => {
    const full = await create({ capacity: 1 });
    expect((await enrol(full, child("first@example.com"))).status).toBe(201);
    const second = await enrol(full, child("second@example.com"));
    expect(second.status).toBe(409);
    expect(second.body.reason).toBe("full");

    const opens = addDays(today, 3);
    const later = await create({ registrationOpensAt: `${opens}T09:30` });
    const early = await enrol(later, child("early@example.com"));
    expect(early.status).toBe(409);
    expect(early.body.reason).toBe("notOpenYet");
    expect(early.body.message).toContain("09:30");
    expect(zonedParts(early.body.opensAt, timeZone)).toMatchObject({ date: opens, time: "09:30" });
    const listed = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.sections.find((s: { id: number }) => s.id === later);
    expect(listed.registrationOpen).toBe(false);

    const closing = await create();
    const closed = await server.request("POST", `/api/admin/sections/${closing}/status`, { json: { status: "closed" }, headers: staff });
    expect(closed.status).toBe(200);
    const refused = await enrol(closing, child("closed@example.com"));
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe("closed");
    expect((await server.request("POST", `/api/admin/sections/${closing}/status`, { json: { status: "open" }, headers: staff })).status).toBe(200);
    expect((await enrol(closing, child("reopened@example.com"))).status).toBe(201);

    // Registration that closed already (a window in the past).
    const now = new Date();
    const past = zonedParts(new Date(now.getTime() - 3_600_000), timeZone);
    const ended = await create({ registrationOpensAt: `${addDays(past.date, -1)}T${past.time}`, registrationClosesAt: `${past.date}T${past.time}` });
    expect((await enrol(ended, child("late@example.com"))).body.reason).toBe("closed");
  });

  it("edits a section: never below the seats taken, a new pattern replaces the meetings, audited before and after", async () => {
    const id = await create({ capacity: 3, meetings: 4 });
    for (const n of [1, 2]) expect((await enrol(id, child(`edit${n}@example.com`))).status).toBe(201);
    const low = await server.request("PUT", `/api/admin/sections/${id}`, { json: section({ capacity: 1, meetings: 4 }), headers: staff });
    expect(low.status).toBe(400);
    expect(low.body.errors.capacity).toBeTruthy();
    const moved = await server.request("PUT", `/api/admin/sections/${id}`, { json: section({ capacity: 5, meetings: 3, startTime: "18:30" }), headers: staff });
    expect(moved.status).toBe(200);
    const meetings = await server.db.selectFrom("section_meetings").select("starts_at").where("section_id", "=", id).execute();
    expect(meetings.map((m) => zonedParts(m.starts_at, timeZone).time)).toEqual(["18:30", "18:30", "18:30"]);
    const audit = await server.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "course_section")
      .where("action", "=", "update")
      .where("entity_id", "=", String(id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary).changes).toMatchObject({ capacity: { from: 3, to: 5 }, start_time: { from: "17:00", to: "18:30" } });
    expect(await seats(id)).toBe(2);
    expect((await server.request("PUT", "/api/admin/sections/999999", { json: section(), headers: staff })).status).toBe(404);
  });

  it("cancels a section: every enrolment ends, seats given back, each family e-mailed in their language", async () => {
    const id = await create();
    await enrol(id, child("cancel.en@example.com"));
    await enrol(id, child("cancel.ar@example.com"), { "accept-language": "ar" });
    expect((await server.request("POST", `/api/admin/sections/${id}/cancel`, { json: {}, headers: staff })).status).toBe(400);
    const res = await server.request("POST", `/api/admin/sections/${id}/cancel`, { json: { confirm: true }, headers: staff });
    expect(res.status).toBe(200);
    expect(res.body.families).toBe(2);
    expect(await seats(id)).toBe(0);
    expect(await live(id)).toBe(0);
    expect((await server.request("POST", `/api/admin/sections/${id}/cancel`, { json: { confirm: true }, headers: staff })).status).toBe(409);
    expect((await enrol(id, child("after@example.com"))).status).toBe(404);
    await waitForJobs(server.db);
    const mails = outboxMails(server.config.dataDir);
    expect(mails.find((m) => m.to === "cancel.en@example.com" && m.subject.startsWith("Group cancelled"))).toBeTruthy();
    expect(mails.find((m) => m.to === "cancel.ar@example.com" && m.subject.startsWith("إلغاء مجموعة دورة"))).toBeTruthy();
  });

  it("never overbooks: 200 simultaneous enrolments into capacity 12 enrol exactly 12", { timeout: 60_000 }, async () => {
    const id = await create({ capacity: 12 });
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => enrol(id, child(`race${i}@example.com`))));
    const statuses = results.map((r) => r.status);
    const counts = { enrolled: statuses.filter((s) => s === 201).length, refused: statuses.filter((s) => s === 409).length };
    console.log(
      `[sections] one instance, 200 enrolments at capacity 12: 201 ${counts.enrolled}, 409 ${counts.refused}, seats_taken ${await seats(id)}, live ${await live(id)}`,
    );
    expect(counts).toEqual({ enrolled: 12, refused: 188 });
    expect(await seats(id)).toBe(12);
    expect(await live(id)).toBe(12);
  });

  it("never overbooks across two app instances on one database: 200 enrolments, capacity 12, exactly 12", { timeout: 60_000 }, async () => {
    // A second app with its own connection (pool) to the same database, as another instance has.
    const db2 = server.openDb();
    const app2 = createApp({ config: server.config, db: db2, logger: createLogger("silent") });
    const http2 = createServer(requestListener(app2)).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => http2.once("listening", () => resolve()));
    const url2 = `http://127.0.0.1:${(http2.address() as AddressInfo).port}`;
    try {
      const id = await create({ capacity: 12 });
      const results = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const base = i % 2 ? url2 : server.url;
          const response = await fetch(`${base}/api/sections/${id}/enrolments`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `10.7.${i >> 8}.${i & 255}` },
            body: JSON.stringify(child(`two${i}@example.com`)),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      const counts = { enrolled: results.filter((s) => s === 201).length, refused: results.filter((s) => s === 409).length };
      console.log(
        `[sections] two instances, 200 enrolments at capacity 12: 201 ${counts.enrolled}, 409 ${counts.refused}, seats_taken ${await seats(id)}, live ${await live(id)}`,
      );
      expect(counts).toEqual({ enrolled: 12, refused: 188 });
      expect(await seats(id)).toBe(12);
      expect(await live(id)).toBe(12);
    } finally {
      await new Promise<void>((resolve) => http2.close(() => resolve()));
      await db2.destroy();
    }
  });

  it("limits enrolments per client address with a clear 429, as the demo booking does", async () => {
    const id = await create({ capacity: 50 });
    const headers = { "x-forwarded-for": "203.0.113.91" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await enrol(id, child(`limit${i}@example.com`), headers)).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("a demo class for a course up to 24 takes a 20-year-old (the age follows the course)", async () => {
    const older = await server.db.selectFrom("courses").select(["id", "slug", "max_age", "min_age"]).where("max_age", ">", 18).executeTakeFirstOrThrow();
    const now = nowIso();
    const slot = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: new Date(Date.now() + 72 * 3_600_000).toISOString(),
        duration_minutes: 60,
        capacity: 5,
        course_id: older.id,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const age = Math.max(older.min_age, 19);
    const res = await server.request("POST", `/api/courses/${older.slug}/demo-bookings`, {
      json: { slotId: slot.id, ...child("adult.student@example.com", { childAge: age }) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const outside = await server.request("POST", `/api/courses/${older.slug}/demo-bookings`, {
      json: { slotId: slot.id, ...child("too.old@example.com", { childAge: older.max_age + 1 }) },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.childAge).toContain(String(older.max_age));
  });
});
