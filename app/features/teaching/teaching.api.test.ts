import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { groupWithMeeting, startedToday } from "~server/test/teaching-fixture";

/**
 * The instructors' API (issue 30, decision 074): an instructor sees and marks only the meetings of
 * their own teacher profile's groups; "all present" then exceptions; every changed mark audited
 * before → after; bad input is a 4xx JSON answer that stores nothing.
 */
describe("teaching API", () => {
  let server: TestServer;
  let teacherA: number;
  let teacherB: number;
  let instructor: { cookie: string; user: { id: number } };
  let mine: Awaited<ReturnType<typeof groupWithMeeting>>;
  let theirs: Awaited<ReturnType<typeof groupWithMeeting>>;
  let tomorrowish: Awaited<ReturnType<typeof groupWithMeeting>>;
  const as = (who: { cookie: string }) => ({ cookie: who.cookie, origin: server.url });

  beforeAll(async () => {
    server = await startTestServer();
    const teachers = await server.db.selectFrom("teachers").select("id").orderBy("id").limit(2).execute();
    [teacherA, teacherB] = [teachers[0]!.id, teachers[1]!.id];
    instructor = await server.signIn("instructor");
    await server.db.updateTable("users").set({ teacher_id: teacherA }).where("id", "=", instructor.user.id).execute();
    mine = await groupWithMeeting(server.db, { teacherId: teacherA, startsAt: startedToday(10), children: 3 });
    theirs = await groupWithMeeting(server.db, { teacherId: teacherB, startsAt: startedToday(10), children: 2 });
    tomorrowish = await groupWithMeeting(server.db, { teacherId: teacherA, startsAt: new Date(Date.now() + 3 * 86_400_000), children: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists only the instructor's own groups' meetings, today's first", async () => {
    const answer = await server.request("GET", "/api/teaching/meetings", { headers: as(instructor) });
    expect(answer.status).toBe(200);
    const all = [...answer.body.today, ...answer.body.week, ...answer.body.later, ...answer.body.recent].map((m: { id: number }) => m.id);
    expect(answer.body.today.map((m: { id: number }) => m.id)).toContain(mine.meetingId);
    expect(all).toContain(tomorrowish.meetingId);
    expect(all).not.toContain(theirs.meetingId);
    expect(answer.headers.get("cache-control")).toContain("no-store");
  });

  it("shows a roster with ages and parents' phones, and refuses another teacher's meeting with 403", async () => {
    const answer = await server.request("GET", `/api/teaching/meetings/${mine.meetingId}`, { headers: as(instructor) });
    expect(answer.status).toBe(200);
    expect(answer.body.children).toHaveLength(3);
    expect(answer.body.children[0]).toMatchObject({ parentPhone: "+919876543210", guest: false, absence: null, needs: null, mark: null });
    expect(typeof answer.body.children[0].childAge).toBe("number");
    expect((await server.request("GET", `/api/teaching/meetings/${theirs.meetingId}`, { headers: as(instructor) })).status).toBe(403);
    expect(
      (await server.request("POST", `/api/teaching/meetings/${theirs.meetingId}/attendance`, { json: { allPresent: true }, headers: as(instructor) })).status,
    ).toBe(403);
    expect(await server.countRows("meeting_attendance")).toBe(0);
    // An instructor whose link to the profile goes stops seeing its groups at once.
    const unlinked = await server.signIn("instructor");
    expect((await server.request("GET", `/api/teaching/meetings/${mine.meetingId}`, { headers: as(unlinked) })).status).toBe(403);
    expect((await server.request("GET", "/api/teaching/meetings", { headers: as(unlinked) })).body.today).toEqual([]);
    // Parents are not teaching; staff teach every group.
    const parent = await server.signIn("user");
    expect((await server.request("GET", "/api/teaching/meetings", { headers: as(parent) })).status).toBe(403);
    const admin = await server.signIn("admin");
    expect((await server.request("GET", `/api/teaching/meetings/${theirs.meetingId}`, { headers: as(admin) })).status).toBe(200);
  });

  it("marks all present, then the exceptions, each change audited before → after", async () => {
    const url = `/api/teaching/meetings/${mine.meetingId}/attendance`;
    const all = await server.request("POST", url, { json: { allPresent: true }, headers: as(instructor) });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ changed: 3, marked: 3 });
    const [first, second] = mine.enrolmentIds as [number, number];
    const exception = await server.request("POST", url, {
      json: { marks: [{ enrolmentId: first, status: "absent", note: "Fever, mother called" }] },
      headers: as(instructor),
    });
    expect(exception.status).toBe(200);
    expect(exception.body.changed).toBe(1);
    // "All present" again leaves the exception alone: it marks only children not marked yet.
    expect((await server.request("POST", url, { json: { allPresent: true }, headers: as(instructor) })).body.changed).toBe(0);
    // The same mark again changes nothing and logs nothing.
    expect(
      (
        await server.request("POST", url, {
          json: { marks: [{ enrolmentId: first, status: "absent", note: "Fever, mother called" }] },
          headers: as(instructor),
        })
      ).body.changed,
    ).toBe(0);
    await server.request("POST", url, { json: { marks: [{ enrolmentId: second, status: "late" }] }, headers: as(instructor) });

    const marks = await server.db
      .selectFrom("meeting_attendance")
      .select(["enrolment_id", "status", "note", "marked_by"])
      .where("meeting_id", "=", mine.meetingId)
      .orderBy("enrolment_id")
      .execute();
    expect(marks).toEqual([
      { enrolment_id: first, status: "absent", note: "Fever, mother called", marked_by: instructor.user.id },
      { enrolment_id: second, status: "late", note: "", marked_by: instructor.user.id },
      { enrolment_id: mine.enrolmentIds[2], status: "present", note: "", marked_by: instructor.user.id },
    ]);
    const audit = await server.db
      .selectFrom("audit_log")
      .select(["user_id", "action", "entity", "entity_id", "summary"])
      .where("action", "=", "attendance")
      .orderBy("id")
      .execute();
    expect(audit).toHaveLength(5);
    const summaries = audit.map((row) => ({ ...row, summary: JSON.parse(row.summary) }));
    expect(summaries[0]).toMatchObject({ user_id: instructor.user.id, entity: "section_meeting", entity_id: String(mine.meetingId) });
    expect(summaries[0]!.summary.changes).toEqual({ status: { from: null, to: "present" } });
    expect(summaries[3]!.summary).toMatchObject({
      enrolmentId: first,
      changes: { status: { from: "present", to: "absent" }, note: { from: "", to: "Fever, mother called" } },
    });
    expect(summaries[4]!.summary.changes).toEqual({ status: { from: "present", to: "late" } });
  });

  it("refuses bad input with 4xx JSON and stores nothing", async () => {
    const url = `/api/teaching/meetings/${mine.meetingId}/attendance`;
    const before = await server.countRows("meeting_attendance");
    const auditBefore = await server.countRows("audit_log");
    const bad = [
      {},
      { marks: [] },
      { marks: [{ enrolmentId: mine.enrolmentIds[0], status: "asleep" }] },
      { marks: [{ enrolmentId: "1", status: "present" }] },
      { marks: [{ enrolmentId: mine.enrolmentIds[0], status: "present", note: "x".repeat(501) }] },
      {
        marks: [
          { enrolmentId: mine.enrolmentIds[0], status: "present" },
          { enrolmentId: mine.enrolmentIds[0], status: "late" },
        ],
      },
      { marks: [{ enrolmentId: theirs.enrolmentIds[0], status: "present" }] },
      { allPresent: "yes" },
    ];
    for (const json of bad) {
      const answer = await server.request("POST", url, { json, headers: as(instructor) });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(typeof answer.body.message).toBe("string");
    }
    expect(
      (await server.request("POST", `/api/teaching/meetings/${tomorrowish.meetingId}/attendance`, { json: { allPresent: true }, headers: as(instructor) }))
        .status,
    ).toBe(409);
    expect((await server.request("POST", "/api/teaching/meetings/999999/attendance", { json: { allPresent: true }, headers: as(instructor) })).status).toBe(
      404,
    );
    expect((await server.request("POST", "/api/teaching/meetings/abc/attendance", { json: { allPresent: true }, headers: as(instructor) })).status).toBe(404);
    expect(
      (await server.request("POST", url, { body: "allPresent=true", headers: { ...as(instructor), "content-type": "application/x-www-form-urlencoded" } }))
        .status,
    ).toBe(415);
    expect((await server.request("POST", url, { json: { allPresent: true } })).status).toBe(401);
    await server.db.updateTable("section_meetings").set({ status: "cancelled" }).where("id", "=", theirs.meetingId).execute();
    const admin = await server.signIn("admin");
    expect(
      (await server.request("POST", `/api/teaching/meetings/${theirs.meetingId}/attendance`, { json: { allPresent: true }, headers: as(admin) })).status,
    ).toBe(409);
    expect(await server.countRows("meeting_attendance")).toBe(before);
    expect(await server.countRows("audit_log")).toBe(auditBefore);
  });

  it("shows the marks to the family and to staff: rates per group and child, and who missed two in a row", async () => {
    const admin = await server.signIn("admin");
    const second = await groupWithMeeting(server.db, { teacherId: teacherA, startsAt: new Date(Date.now() - 8 * 86_400_000), children: 0 });
    // The first child also missed an earlier class of the same group: two in a row.
    const now = new Date().toISOString();
    const earlier = await server.db
      .insertInto("section_meetings")
      .values({
        section_id: mine.sectionId,
        starts_at: new Date(Date.now() - 7 * 86_400_000).toISOString(),
        duration_minutes: 60,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("meeting_attendance")
      .values({ meeting_id: earlier.id, enrolment_id: mine.enrolmentIds[0]!, status: "absent", note: "", marked_by: null, created_at: now, updated_at: now })
      .execute();
    const groups = await server.request("GET", "/api/admin/attendance", { headers: as(admin) });
    expect(groups.status).toBe(200);
    const group = groups.body.groups.find((g: { sectionId: number }) => g.sectionId === mine.sectionId);
    // 4 marks: present, late (attended), absent twice.
    expect(group).toMatchObject({ marks: 4, attended: 2, rate: 50 });
    expect(groups.body.groups.find((g: { sectionId: number }) => g.sectionId === second.sectionId)).toMatchObject({ marks: 0, rate: null });
    const missed = await server.request("GET", "/api/admin/attendance/missed", { headers: as(admin) });
    expect(missed.body.children.map((c: { enrolmentId: number }) => c.enrolmentId)).toEqual([mine.enrolmentIds[0]]);
    expect(missed.body.children[0]).toMatchObject({ phone: "+919876543210" });
    expect(missed.body.children[0].email).toMatch(/@example\.com$/);
    expect((await server.request("GET", "/api/admin/attendance", { headers: as(instructor) })).status).toBe(403);
  });
  it("joins make-up guests, reported absences and consent needs into the roster, and the instructor marks the guest", async () => {
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const joined = await groupWithMeeting(server.db, { teacherId: teacherA, startsAt: startedToday(5), children: 2 });
    const from = await groupWithMeeting(server.db, { teacherId: teacherB, startsAt: new Date(Date.now() - 2 * 86_400_000), children: 1 });
    const [absent, cared] = joined.enrolmentIds as [number, number];
    const guest = from.enrolmentIds[0]!;
    await server.db
      .insertInto("meeting_absences")
      .values({
        meeting_id: joined.meetingId,
        enrolment_id: absent,
        reason: "Dentist",
        reported_via: "account",
        user_id: null,
        with_notice: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // The guest missed a class of their own group and spent the credit on this meeting.
    const missed = await server.db
      .insertInto("meeting_absences")
      .values({
        meeting_id: from.meetingId,
        enrolment_id: guest,
        reason: "Travel",
        reported_via: "link",
        user_id: null,
        with_notice: 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const course = await server.db.selectFrom("course_sections").select("course_id").where("id", "=", joined.sectionId).executeTakeFirstOrThrow();
    await server.db
      .insertInto("makeup_credits")
      .values({
        absence_id: missed.id,
        enrolment_id: guest,
        course_id: course.course_id,
        expires_at: later,
        meeting_id: joined.meetingId,
        booked_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const child = await server.db
      .selectFrom("section_enrolments")
      .select(["email", "child_key", "child_name"])
      .where("id", "=", cared)
      .executeTakeFirstOrThrow();
    for (const kind of ["medical", "pickup"] as const) {
      const form = await server.db
        .insertInto("consent_forms")
        .values({ kind, required: 0, active: 1, current_version: 1, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const version = await server.db
        .insertInto("consent_versions")
        .values({ form_id: form.id, version: 1, title_en: kind, title_ar: kind, body_en: "Text", body_ar: "نص", created_by: null, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const answer = await server.db
        .insertInto("consent_answers")
        .values({
          version_id: version.id,
          form_id: form.id,
          email: child.email,
          child_key: child.child_key,
          child_name: child.child_name,
          signer_name: "Parent 1",
          user_id: null,
          lang: "en",
          agreed: 1,
          allergies: kind === "medical" ? "Peanuts" : "",
          medical: kind === "medical" ? "Inhaler in bag" : "",
          enrolment_id: cared,
          camp_enrolment_id: null,
          signed_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (kind === "pickup")
        await server.db.insertInto("consent_pickups").values({ answer_id: answer.id, name: "Aunt Layla", phone: "+971501234567", pin_hash: null }).execute();
    }

    const roster = await server.request("GET", `/api/teaching/meetings/${joined.meetingId}`, { headers: as(instructor) });
    expect(roster.status).toBe(200);
    const byId = new Map(roster.body.children.map((c: { enrolmentId: number }) => [c.enrolmentId, c]));
    expect(roster.body.children).toHaveLength(3);
    expect(byId.get(absent)).toMatchObject({ guest: false, absence: { reason: "Dentist" }, needs: null });
    expect(byId.get(cared)).toMatchObject({
      guest: false,
      absence: null,
      needs: { allergies: "Peanuts", medical: "Inhaler in bag", pickup: [{ name: "Aunt Layla", phone: "+971501234567" }] },
    });
    expect(byId.get(guest)).toMatchObject({ guest: true, absence: null, parentPhone: "+919876543210", mark: null });

    const url = `/api/teaching/meetings/${joined.meetingId}/attendance`;
    const marked = await server.request("POST", url, {
      json: { marks: [{ enrolmentId: guest, status: "late", note: "Came from the other group" }] },
      headers: as(instructor),
    });
    expect(marked.status).toBe(200);
    expect(marked.body.changed).toBe(1);
    const again = await server.request("GET", `/api/teaching/meetings/${joined.meetingId}`, { headers: as(instructor) });
    expect(again.body.children.find((c: { enrolmentId: number }) => c.enrolmentId === guest).mark).toEqual({
      status: "late",
      note: "Came from the other group",
    });
  });
});
