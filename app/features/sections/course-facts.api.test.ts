import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { courseFacts, weeksSpanned } from "./course-facts";

/**
 * Issue 42, step 11: a course page's length and instructors follow its open groups ("40 sessions ·
 * 2 months" beside groups that run nine months with other instructors), and fall back to the
 * course's own fields when it has none. GET /api/courses/:course/sections carries them as `facts`.
 */
describe("course facts from its open groups", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; slug: string; sessions: number; instructor: string };
  let today: string;
  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "sessions", "instructor"])
      .where("slug", "=", "drone-aviation-fundamentals")
      .executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    today = zonedParts(new Date(), timeZone).date;
  });
  afterAll(() => server?.close());

  const facts = async (lang = "en") => {
    const res = await server.request("GET", `/api/courses/${course.slug}/sections?lang=${lang}`);
    expect(res.status).toBe(200);
    return res.body as {
      facts: { source: string; sessions: { min: number; max: number }; weeks: { min: number; max: number } | null; instructors: string[] };
      sections: { meetings: unknown[]; instructor: string | null }[];
    };
  };

  it("reads the sessions, weeks and instructors of the seeded groups", async () => {
    const { facts: shown, sections } = await facts();
    expect(sections.length).toBeGreaterThan(0);
    expect(shown.source).toBe("groups");
    const counts = sections.map((section) => section.meetings.length);
    expect(shown.sessions).toEqual({ min: Math.min(...counts), max: Math.max(...counts) });
    expect(shown.instructors).toEqual([...new Set(sections.map((section) => section.instructor).filter(Boolean))]);
  });

  it("follows a new group: a nine-week group with another instructor widens the range, in both languages", async () => {
    const teacher = await server.db
      .selectFrom("teachers")
      .select(["id", "name_en", "name_ar"])
      .where("name_en", "!=", course.instructor)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const versionBefore = await auditVersion();
    const created = await server.request("POST", "/api/admin/sections", {
      json: {
        courseId: course.id,
        weekdays: [6],
        startTime: "10:00",
        durationMinutes: 60,
        firstDate: addDays(today, 14),
        meetings: 9,
        capacity: 10,
        teacherId: teacher.id,
      },
      headers: staff,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Every group write is audited: the page cache's key (the newest audit id) moves, so the cached course page is rendered again.
    expect(await auditVersion()).toBeGreaterThan(versionBefore);
    const en = (await facts()).facts;
    expect(en.sessions.min).toBe(9);
    expect(en.weeks?.min).toBe(9);
    expect(en.instructors).toContain(teacher.name_en);
    const ar = (await facts("ar")).facts;
    expect(ar.instructors).toContain(teacher.name_ar);
    expect(ar.instructors).not.toContain(teacher.name_en);
  });

  it("falls back to the course's own sessions and instructor when no group is open", async () => {
    const open = await server.db.selectFrom("course_sections").select("id").where("course_id", "=", course.id).where("status", "=", "open").execute();
    for (const { id } of open)
      expect((await server.request("POST", `/api/admin/sections/${id}/status`, { json: { status: "closed" }, headers: staff })).status).toBe(200);
    const { facts: shown, sections } = await facts();
    expect(sections).toHaveLength(0);
    expect(shown).toEqual({ source: "course", sessions: { min: course.sessions, max: course.sessions }, weeks: null, instructors: [course.instructor] });
  });

  it("counts the calendar weeks from the first class to the last", () => {
    expect(weeksSpanned("2026-12-12T06:00:00.000Z", "2026-12-12T06:00:00.000Z")).toBe(1);
    expect(weeksSpanned("2026-12-12T06:00:00.000Z", "2027-09-11T06:00:00.000Z")).toBe(40);
    const weekly = (n: number) => Array.from({ length: n }, (_, i) => ({ startsAt: new Date(Date.UTC(2026, 11, 12 + 7 * i, 6)).toISOString() }));
    const groups = [
      { meetingCount: 40, startsAt: weekly(40)[0]!.startsAt, meetings: weekly(40), instructor: "Shivam Pandey" },
      { meetingCount: 9, startsAt: weekly(9)[0]!.startsAt, meetings: weekly(9), instructor: "Anushka Jain" },
      { meetingCount: 9, startsAt: weekly(9)[0]!.startsAt, meetings: weekly(9), instructor: "Anushka Jain" },
    ];
    expect(courseFacts(groups, { sessions: 40, instructor: "Abhishek Kumar Srivastava" })).toEqual({
      source: "groups",
      sessions: { min: 9, max: 40 },
      weeks: { min: 9, max: 40 },
      instructors: ["Shivam Pandey", "Anushka Jain"],
    });
  });

  const auditVersion = async () =>
    Number(
      (
        await server.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.max("id").as("v"))
          .executeTakeFirst()
      )?.v ?? 0,
    );
});
