import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { addDays, zonedParts } from "~/lib/zoned-time";

/** Issue 29, staff side: one class cancelled or moved (families e-mailed, audited), rosters and their CSV, and the course delete guard. */
describe("section meetings, rosters and the course delete guard", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; slug: string; min_age: number };
  let timeZone: string;
  let today: string;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db.selectFrom("courses").select(["id", "slug", "min_age"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    today = zonedParts(new Date(), timeZone).date;
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = async (extra: Record<string, unknown> = {}) => {
    const json = {
      courseId: course.id,
      weekdays: [1, 3, 5],
      startTime: "17:00",
      durationMinutes: 60,
      firstDate: addDays(today, 10),
      meetings: 6,
      capacity: 12,
      ...extra,
    };
    const res = await server.request("POST", "/api/admin/sections", { json, headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const enrol = (id: number, email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    server.request("POST", `/api/sections/${id}/enrolments`, {
      json: { childName: "Aarav Sharma", childAge: course.min_age, parentName: "Priya Sharma", email, phone: "+91 98765 43210", ...extra },
      headers: { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250)}`, ...headers },
    });
  const meetingsOf = (id: number) =>
    server.db.selectFrom("section_meetings").selectAll().where("section_id", "=", id).orderBy("starts_at").orderBy("id").execute();
  const auditOf = (entity: string, id: number) =>
    server.db.selectFrom("audit_log").selectAll().where("entity", "=", entity).where("entity_id", "=", String(id)).orderBy("id", "desc").executeTakeFirst();

  it("cancels one class: 200, the class cancelled (the term and seats kept), audited before → after, each family e-mailed in their language", async () => {
    const id = await create();
    expect((await enrol(id, "meet.en@example.com")).status).toBe(201);
    expect((await enrol(id, "meet.ar@example.com", {}, { "accept-language": "ar" })).status).toBe(201);
    const [, second] = await meetingsOf(id);
    const url = `/api/admin/section-meetings/${second!.id}/cancel`;
    expect((await server.request("POST", url, { json: {}, headers: staff })).status).toBe(400);
    const res = await server.request("POST", url, { json: { confirm: true }, headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ families: 2, status: "cancelled", sectionId: id });
    const after = await meetingsOf(id);
    expect(after.map((m) => m.status)).toEqual(["scheduled", "cancelled", "scheduled", "scheduled", "scheduled", "scheduled"]);
    expect((await server.db.selectFrom("course_sections").select("seats_taken").where("id", "=", id).executeTakeFirstOrThrow()).seats_taken).toBe(2);
    const audit = await auditOf("section_meeting", second!.id);
    expect(audit?.action).toBe("cancel");
    expect(JSON.parse(audit!.summary)).toMatchObject({ changes: { status: { from: "scheduled", to: "cancelled" } }, sectionId: id, families: 2 });
    // The parents' timetable leaves it out; staff still see it, as cancelled.
    const listed = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.sections.find((s: { id: number }) => s.id === id);
    expect(listed.meetings).toHaveLength(5);
    // A second cancel is refused; so is an unknown class.
    expect((await server.request("POST", url, { json: { confirm: true }, headers: staff })).status).toBe(409);
    expect((await server.request("POST", "/api/admin/section-meetings/999999/cancel", { json: { confirm: true }, headers: staff })).status).toBe(404);
    await waitForJobs(server.db);
    const mails = outboxMails(server.config.dataDir);
    const en = mails.find((m) => m.to === "meet.en@example.com" && m.subject.includes("is cancelled"));
    const ar = mails.find((m) => m.to === "meet.ar@example.com" && m.subject.startsWith("أُلغيت حصة"));
    expect(en?.text).toContain(zonedParts(second!.starts_at, timeZone).time);
    expect(en?.raw).toContain("class-change.ics");
    expect(ar?.text).toContain("أُلغيت حصة");
    expect(ar?.text).toMatch(/\d{2}:\d{2}/);
  });

  it("moves one class: the new academy time stored, audited from → to, families told the old and the new time", async () => {
    const id = await create();
    expect((await enrol(id, "move.en@example.com")).status).toBe(201);
    const [, , third] = await meetingsOf(id);
    const to = { date: addDays(zonedParts(third!.starts_at, timeZone).date, 1), time: "18:45" };
    const res = await server.request("POST", `/api/admin/section-meetings/${third!.id}/move`, { json: to, headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.families).toBe(1);
    const moved = (await meetingsOf(id)).find((m) => m.id === third!.id)!;
    expect(zonedParts(moved.starts_at, timeZone)).toMatchObject(to);
    expect(moved.status).toBe("scheduled");
    const audit = await auditOf("section_meeting", third!.id);
    expect(audit?.action).toBe("move");
    expect(JSON.parse(audit!.summary).changes.starts_at).toEqual({ from: third!.starts_at, to: moved.starts_at });
    await waitForJobs(server.db);
    const mail = outboxMails(server.config.dataDir).find((m) => m.to === "move.en@example.com" && m.subject.includes("has moved"));
    expect(mail?.text).toContain("It was");
    expect(mail?.text).toContain("18:45");
    expect(mail?.text).toContain(zonedParts(third!.starts_at, timeZone).time);
  });

  it("refuses a move into the past, too far, onto another class, of a cancelled class, with a clear 4xx and field messages", async () => {
    const id = await create();
    const meetings = await meetingsOf(id);
    const url = (m: { id: number }) => `/api/admin/section-meetings/${m.id}/move`;
    const post = (m: { id: number }, json: unknown, headers: Record<string, string> = {}) =>
      server.request("POST", url(m), { json, headers: { ...staff, ...headers } });
    const past = await post(meetings[0]!, { date: addDays(today, -1), time: "10:00" });
    expect(past.status).toBe(400);
    expect(past.body.errors.date).toBe("Choose a date and time still ahead: a class cannot move into the past.");
    const pastAr = await post(meetings[0]!, { date: addDays(today, -1), time: "10:00" }, { "accept-language": "ar" });
    expect(pastAr.body.message).toContain("الماضي");
    const far = await post(meetings[0]!, { date: addDays(today, 200), time: "10:00" });
    expect(far.status).toBe(400);
    expect(far.body.errors.date).toContain("90");
    const local = zonedParts(meetings[1]!.starts_at, timeZone);
    const clash = await post(meetings[0]!, local);
    expect(clash.status).toBe(400);
    expect(clash.body.errors.date).toBeTruthy();
    const bad = await post(meetings[0]!, { date: "2026-02-31", time: "25:00" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["date", "time"]);
    // A class already taken place cannot change.
    await server.db
      .updateTable("section_meetings")
      .set({ starts_at: new Date(Date.now() - 86_400_000).toISOString() })
      .where("id", "=", meetings[5]!.id)
      .execute();
    expect((await post(meetings[5]!, { date: addDays(today, 5), time: "10:00" })).status).toBe(409);
    expect((await server.request("POST", `/api/admin/section-meetings/${meetings[5]!.id}/cancel`, { json: { confirm: true }, headers: staff })).status).toBe(
      409,
    );
    // Nor a cancelled class, nor a class of a cancelled group.
    expect((await server.request("POST", `/api/admin/section-meetings/${meetings[2]!.id}/cancel`, { json: { confirm: true }, headers: staff })).status).toBe(
      200,
    );
    expect((await post(meetings[2]!, { date: addDays(today, 30), time: "10:00" })).status).toBe(409);
    expect((await server.request("POST", `/api/admin/sections/${id}/cancel`, { json: { confirm: true }, headers: staff })).status).toBe(200);
    const refused = await post(meetings[3]!, { date: addDays(today, 30), time: "10:00" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("cancelled");
    // Not for parents or strangers.
    const parent = await server.signIn("user");
    expect(
      (
        await server.request("POST", url(meetings[0]!), {
          json: { date: addDays(today, 30), time: "10:00" },
          headers: { cookie: parent.cookie, origin: server.url },
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.request("POST", url(meetings[0]!), { json: { date: addDays(today, 30), time: "10:00" }, headers: { origin: server.url } })).status,
    ).toBe(401);
  });

  it("lists a roster and exports it as CSV: formula-like text defused, the enrolled time in the academy's zone, staff only", async () => {
    const id = await create();
    expect((await enrol(id, "roster.a@example.com", { childName: '=HYPERLINK("http://evil.example","x")', parentName: "+SUM(1,2)" })).status).toBe(201);
    expect((await enrol(id, "roster.b@example.com", { childName: "Zainab Ali", parentName: "Omar Ali", childAge: course.min_age + 1 })).status).toBe(201);
    const json = await server.request("GET", `/api/admin/sections/${id}/roster`, { headers: staff });
    expect(json.status).toBe(200);
    expect(json.body.children).toHaveLength(2);
    expect(json.body.children[1]).toMatchObject({
      child_name: "Zainab Ali",
      child_age: course.min_age + 1,
      parent_name: "Omar Ali",
      email: "roster.b@example.com",
      phone: "+919876543210",
      source: "direct",
    });
    const csv = await fetch(`${server.url}/api/admin/sections/${id}/roster.csv`, { headers: { cookie: staff.cookie! } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="roster-robotics-fundamentals-\d+-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (await csv.text()).replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(`child,age,parent,email,phone,language,source,code,enrolled_at (${timeZone})`);
    expect(lines[1]).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",\d+,"'\+SUM\(1,2\)",roster\.a@example\.com,\+919876543210,en,direct,[A-Z0-9]{6},\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    const stamp = /(\d{4}-\d{2}-\d{2} \d{2}:\d{2})$/.exec(lines[1]!)![1]!;
    const now = zonedParts(new Date(), timeZone);
    expect(stamp.slice(0, 10)).toBe(now.date);
    expect(lines[2]).toContain("Zainab Ali");
    expect((await server.request("GET", "/api/admin/sections/999999/roster", { headers: staff })).status).toBe(404);
    expect((await server.request("GET", "/api/admin/sections/999999/roster.csv", { headers: staff })).status).toBe(404);
    expect((await server.request("GET", `/api/admin/sections/${id}/roster.csv`)).status).toBe(401);
    const parent = await server.signIn("user");
    expect((await server.request("GET", `/api/admin/sections/${id}/roster`, { headers: { cookie: parent.cookie } })).status).toBe(403);
  });

  it("refuses to delete a course whose groups have children enrolled (409, confirmed or not), and deletes it once its groups are cancelled", async () => {
    const other = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "min_age"])
      .where("slug", "<>", course.slug)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const section = await server.db
      .selectFrom("course_sections")
      .select("id")
      .where("course_id", "=", other.id)
      .where("status", "=", "open")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const res = await server.request("POST", `/api/sections/${section.id}/enrolments`, {
      json: { childName: "Kept Child", childAge: other.min_age, parentName: "Kept Parent", email: "kept@example.com", phone: "+91 98765 43210" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    for (const query of ["", "?confirm=1"]) {
      const refused = await server.request("DELETE", `/api/admin/courses/${other.id}${query}`, { headers: staff });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ enrolments: 1 });
      expect(refused.body.message).toBe(
        "1 child is enrolled in this course's groups. Cancel its groups first (each family is e-mailed), then delete the course.",
      );
    }
    const arabic = await server.request("DELETE", `/api/admin/courses/${other.id}?confirm=1`, { headers: { ...staff, "accept-language": "ar" } });
    expect(arabic.body.message).toContain("ألغِ مجموعاتها أولًا");
    expect(await server.db.selectFrom("courses").select("id").where("id", "=", other.id).executeTakeFirst()).toBeDefined();
    expect((await server.request("POST", `/api/admin/sections/${section.id}/cancel`, { json: { confirm: true }, headers: staff })).status).toBe(200);
    const deleted = await server.request("DELETE", `/api/admin/courses/${other.id}?confirm=1`, { headers: staff });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await server.db.selectFrom("courses").select("id").where("id", "=", other.id).executeTakeFirst()).toBeUndefined();
  });
});
