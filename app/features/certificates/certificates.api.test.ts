import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { pdfText } from "~server/test/pdf-text";
import { addDays, zonedParts } from "~/lib/zoned-time";
import type { AttendanceStatus } from "~server/db/schema";

/** Issue 30 part 5: certificates of completion, by attendance, issued, downloaded, checked in public and revoked. */
describe("certificates of completion", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let instructor: Record<string, string>;
  let parent: { cookie: string; user: { id: number; email: string } };
  let course: { id: number; slug: string; min_age: number; name_en: string; name_ar: string };
  let today: string;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    const teacher = await server.db.selectFrom("teachers").select("id").orderBy("id").executeTakeFirstOrThrow();
    const member = await server.signIn("instructor");
    await server.db.updateTable("users").set({ teacher_id: teacher.id }).where("id", "=", member.user.id).execute();
    instructor = { cookie: member.cookie, origin: server.url, teacherId: String(teacher.id) };
    parent = await server.signIn("user");
    course = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "min_age", "name_en", "name_ar"])
      .where("slug", "=", "robotics-fundamentals")
      .executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    today = zonedParts(new Date(), timeZone).date;
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * A group of `children` (names), taught by the instructor's profile when `taught`, whose first
   * `held` of 5 meetings are moved into the past (one more past meeting is cancelled: never counted).
   */
  const group = async (children: string[], options: { taught?: boolean; held?: number } = {}) => {
    const json = {
      courseId: course.id,
      weekdays: [1, 3, 5],
      startTime: "17:00",
      durationMinutes: 60,
      firstDate: addDays(today, 10),
      meetings: 6,
      capacity: 12,
    };
    const res = await server.request("POST", "/api/admin/sections", { json, headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as number;
    const enrolments: number[] = [];
    for (const [i, name] of children.entries()) {
      const enrolled = await server.request("POST", `/api/sections/${id}/enrolments`, {
        json: {
          childName: name,
          childAge: course.min_age,
          parentName: "Priya Sharma",
          email: i === 0 ? parent.user.email : `family${i}-${id}@example.com`,
          phone: "+91 98765 43210",
        },
        headers: i === 0 ? { cookie: parent.cookie, origin: server.url } : { "accept-language": "ar" },
      });
      expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
      enrolments.push(
        (await server.db.selectFrom("section_enrolments").select("id").where("section_id", "=", id).orderBy("id", "desc").executeTakeFirstOrThrow()).id,
      );
    }
    if (options.taught)
      await server.db
        .updateTable("course_sections")
        .set({ teacher_id: Number(instructor.teacherId) })
        .where("id", "=", id)
        .execute();
    const meetings = await server.db.selectFrom("section_meetings").select("id").where("section_id", "=", id).orderBy("starts_at").execute();
    const held = options.held ?? 5;
    for (const [i, meeting] of meetings.entries()) {
      if (i > held) break;
      const startsAt = new Date(Date.now() - (10 - i) * 86_400_000).toISOString();
      await server.db
        .updateTable("section_meetings")
        .set({ starts_at: startsAt, status: i === held ? "cancelled" : "scheduled" })
        .where("id", "=", meeting.id)
        .execute();
    }
    // The group's first and last class follow its scheduled meetings, as the product keeps them (a
    // group over by now no longer counts toward the family's enrolment cap).
    const bounds = await server.db
      .selectFrom("section_meetings")
      .select((eb) => [eb.fn.min("starts_at").as("first"), eb.fn.max("starts_at").as("last")])
      .where("section_id", "=", id)
      .where("status", "=", "scheduled")
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable("course_sections")
      .set({ starts_at: String(bounds.first), ends_at: String(bounds.last) })
      .where("id", "=", id)
      .execute();
    const pastMeetings = meetings.slice(0, held + 1).map((m) => m.id);
    return { id, enrolments, meetings: pastMeetings };
  };
  /** Attendance marks, as the teaching branch's form writes them (one per meeting and child). */
  const mark = async (enrolmentId: number, meetingIds: number[], status: AttendanceStatus) => {
    const now = new Date().toISOString();
    for (const meetingId of meetingIds)
      await server.db
        .insertInto("meeting_attendance")
        .values({ meeting_id: meetingId, enrolment_id: enrolmentId, status, created_at: now, updated_at: now })
        .execute();
  };
  const issue = (sectionId: number, json: Record<string, unknown>, headers = staff) =>
    server.request("POST", `/api/teaching/sections/${sectionId}/certificates`, { json, headers });
  const pdf = async (path: string, cookie: string) => {
    const res = await fetch(server.url + path, { headers: { cookie } });
    return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it("counts present and late among held meetings (cancelled and future ones left out, unmarked = missed) and issues only at the threshold", async () => {
    const g = await group(["Zara Khan", "Omar Ali", "Lina Haddad"], { held: 5 });
    const [zara, omar, lina] = g.enrolments as [number, number, number];
    const [m1, m2, m3, m4, , cancelled] = g.meetings as [number, number, number, number, number, number];
    await mark(zara, [m1, m2, m3], "present");
    await mark(zara, [m4], "late");
    await mark(zara, [cancelled], "present");
    await mark(omar, [m1, m2, m3], "present");
    await mark(omar, [m4], "excused");
    await mark(lina, [m1], "present");
    const list = await server.request("GET", `/api/teaching/sections/${g.id}/certificates?threshold=80`, { headers: staff });
    expect(list.status).toBe(200);
    expect(list.body.held).toBe(5);
    const byName = Object.fromEntries(list.body.children.map((c: { childName: string }) => [c.childName, c]));
    expect(byName["Zara Khan"]).toMatchObject({ attended: 4, rate: 80, qualifies: true, certificate: null });
    expect(byName["Omar Ali"]).toMatchObject({ attended: 3, rate: 60, qualifies: false });
    expect(byName["Lina Haddad"]).toMatchObject({ attended: 1, rate: 20, qualifies: false });
    // One child below the threshold: refused as below, nothing stored.
    const below = await issue(g.id, { threshold: 80, enrolmentId: omar });
    expect(below.status).toBe(200);
    expect(below.body.results).toEqual([expect.objectContaining({ enrolmentId: omar, outcome: "belowThreshold", certificate: null })]);
    expect(await server.db.selectFrom("certificates").select("id").where("section_id", "=", g.id).execute()).toHaveLength(0);
    // At 60 % Omar qualifies too.
    const one = await issue(g.id, { threshold: 60, enrolmentId: omar });
    expect(one.status).toBe(201);
    expect(one.body.results[0]).toMatchObject({ outcome: "issued", rate: 60 });
    expect(one.body.results[0].certificate.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it("issues to a whole group at once, idempotently: twice (even at once) makes one live certificate per child, audited once", async () => {
    const g = await group(["Aarav Sharma", "Maya Iyer", "Kabir Rao"]);
    const [aarav, maya, kabir] = g.enrolments as [number, number, number];
    await mark(aarav, g.meetings.slice(0, 5), "present");
    await mark(maya, g.meetings.slice(0, 4), "present");
    await mark(kabir, g.meetings.slice(0, 2), "present");
    const first = await issue(g.id, { threshold: 75, language: "family" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ issued: 2, message: "2 certificates issued." });
    const outcomes = Object.fromEntries(first.body.results.map((r: { childName: string; outcome: string }) => [r.childName, r.outcome]));
    expect(outcomes).toEqual({ "Aarav Sharma": "issued", "Maya Iyer": "issued", "Kabir Rao": "belowThreshold" });
    const [again, alsoAgain] = await Promise.all([issue(g.id, { threshold: 75 }), issue(g.id, { threshold: 50 })]);
    expect(again.status).toBe(200);
    expect(alsoAgain.body.issued).toBe(0);
    expect(again.body.results.filter((r: { outcome: string }) => r.outcome === "alreadyIssued")).toHaveLength(2);
    const rows = await server.db.selectFrom("certificates").selectAll().where("section_id", "=", g.id).execute();
    expect(rows.filter((r) => r.revoked_at === null)).toHaveLength(2);
    // The family's language: the first family enrolled in English, the others in Arabic.
    expect(rows.find((r) => r.enrolment_id === aarav)?.lang).toBe("en");
    expect(rows.find((r) => r.enrolment_id === maya)?.lang).toBe("ar");
    const audits = await server.db.selectFrom("audit_log").select("entity_id").where("entity", "=", "certificate").where("action", "=", "issue").execute();
    for (const row of rows) expect(audits.filter((a) => a.entity_id === String(row.id))).toHaveLength(1);
  });

  it("shows the public page's facts, revokes with a reason (audited, at once in public), and refuses a second revoke", async () => {
    const g = await group(["Sara Mehta"]);
    await mark(g.enrolments[0]!, g.meetings.slice(0, 5), "present");
    const issued = await issue(g.id, { threshold: 100, language: "en" });
    const { id, code } = issued.body.results[0].certificate;
    const check = await server.request("GET", `/api/certificates/${code}`);
    expect(check.status).toBe(200);
    // First name and initial by default (issue 39); the academy's setting shows the full name.
    expect(check.body).toEqual({
      code,
      kind: "section",
      status: "valid",
      childName: "Sara M.",
      course: { en: course.name_en, ar: course.name_ar },
      issuedOn: today,
      revokedAt: null,
    });
    expect(JSON.stringify(check.body)).not.toContain("Mehta");
    await server.db.updateTable("site_settings").set({ value: "true" }).where("key", "=", "certificateFullName").execute();
    expect((await server.request("GET", `/api/certificates/${code}`)).body.childName).toBe("Sara Mehta");
    await server.db.updateTable("site_settings").set({ value: "false" }).where("key", "=", "certificateFullName").execute();
    // Typed loosely (lower case, no hyphens, O for 0) it is the same certificate.
    expect((await server.request("GET", `/api/certificates/${code.replace(/-/g, "").toLowerCase().replace(/0/g, "o")}`)).body.status).toBe("valid");
    expect((await server.request("GET", "/api/certificates/ZZZZ-ZZZZ-ZZZZ")).status).toBe(404);
    expect((await server.request("GET", "/api/certificates/not-a-code")).status).toBe(404);
    expect((await server.request("POST", `/api/teaching/certificates/${id}/revoke`, { json: { reason: " " }, headers: staff })).status).toBe(400);
    const revoked = await server.request("POST", `/api/teaching/certificates/${id}/revoke`, { json: { reason: "Issued to the wrong child" }, headers: staff });
    expect(revoked.status).toBe(200);
    const after = await server.request("GET", `/api/certificates/${code}`);
    expect(after.body).toMatchObject({ status: "revoked", childName: "Sara M.", revokedAt: expect.any(String) });
    expect(after.body).not.toHaveProperty("reason");
    const audit = await server.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "certificate")
      .where("entity_id", "=", String(id))
      .where("action", "=", "revoke")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary)).toMatchObject({ reason: "Issued to the wrong child" });
    expect((await server.request("POST", `/api/teaching/certificates/${id}/revoke`, { json: { reason: "again" }, headers: staff })).status).toBe(409);
    expect((await pdf(`/api/teaching/certificates/${id}/pdf`, staff.cookie!)).status).toBe(410);
    // After a revocation a new certificate may be issued (a new code).
    const reissued = await issue(g.id, { threshold: 100 });
    expect(reissued.status).toBe(201);
    expect(reissued.body.results[0].certificate.code).not.toBe(code);
  });

  it("lets an instructor issue and revoke in their own group only (403 elsewhere), and keeps parents and strangers out", async () => {
    const own = await group(["Noor Saleh"], { taught: true });
    const other = await group(["Ravi Kumar"]);
    await mark(own.enrolments[0]!, own.meetings.slice(0, 5), "present");
    await mark(other.enrolments[0]!, other.meetings.slice(0, 5), "present");
    expect((await server.request("GET", `/api/teaching/sections/${other.id}/certificates`, { headers: instructor })).status).toBe(403);
    expect((await issue(other.id, { threshold: 50 }, instructor)).status).toBe(403);
    const otherIssued = await issue(other.id, { threshold: 50 });
    const otherId = otherIssued.body.results[0].certificate.id;
    expect((await server.request("POST", `/api/teaching/certificates/${otherId}/revoke`, { json: { reason: "not mine" }, headers: instructor })).status).toBe(
      403,
    );
    expect((await pdf(`/api/teaching/certificates/${otherId}/pdf`, instructor.cookie!)).status).toBe(403);
    const mine = await issue(own.id, { threshold: 50 }, instructor);
    expect(mine.status).toBe(201);
    const mineId = mine.body.results[0].certificate.id;
    expect((await pdf(`/api/teaching/certificates/${mineId}/pdf`, instructor.cookie!)).status).toBe(200);
    expect(
      (await server.request("POST", `/api/teaching/certificates/${mineId}/revoke`, { json: { reason: "Typo in the name" }, headers: instructor })).status,
    ).toBe(200);
    const parentHeaders = { cookie: parent.cookie, origin: server.url };
    expect((await server.request("GET", `/api/teaching/sections/${own.id}/certificates`, { headers: parentHeaders })).status).toBe(403);
    expect((await issue(own.id, { threshold: 50 }, parentHeaders)).status).toBe(403);
    expect((await server.request("GET", `/api/teaching/sections/${own.id}/certificates`)).status).toBe(401);
    expect((await issue(999999, { threshold: 50 })).status).toBe(404);
  });

  it("draws the PDF in English with an Arabic name shaped right to left, and in Arabic with a Latin name left to right, with the verification address", async () => {
    const g = await group(["Zara Khan", "ليلى حسن"]);
    for (const enrolment of g.enrolments) await mark(enrolment, g.meetings.slice(0, 5), "present");
    const [latin, arabic] = g.enrolments as [number, number];
    const inArabic = await issue(g.id, { threshold: 100, language: "ar", enrolmentId: latin });
    const inEnglish = await issue(g.id, { threshold: 100, language: "en", enrolmentId: arabic });
    const ar = await pdf(`/api/teaching/certificates/${inArabic.body.results[0].certificate.id}/pdf`, staff.cookie!);
    expect(ar.status).toBe(200);
    expect(ar.type).toBe("application/pdf");
    const arText = pdfText(ar.bytes);
    // Arabic runs are stored in visual order; both kinds of reader get the sentences back as written (issue 42).
    for (const read of [arText.text, arText.logical]) {
      expect(read).toContain("شهادة إتمام");
      expect(read).toContain(course.name_ar);
      // Neutral wording: the certificate has no gender field, so no «أتمّ» (he completed) on a girl's certificate.
      expect(read).toContain("تُمنح هذه الشهادة إلى");
      expect(read).toContain("تقديرًا لإتمام دورة");
      expect(read).not.toMatch(/أتمّ/);
    }
    // The Latin name left to right, as written (not reversed).
    expect(arText.text).toContain("Zara Khan");
    expect(arText.text).not.toContain("nahK araZ");
    const arCode = inArabic.body.results[0].certificate.code;
    expect(arText.text).toContain(`${server.config.publicUrl}/ar/certificates/${arCode}`);
    expect(arText.text).toContain(arCode);
    const en = await pdf(`/api/teaching/certificates/${inEnglish.body.results[0].certificate.id}/pdf`, staff.cookie!);
    const enText = pdfText(en.bytes);
    expect(enText.text).toContain("Certificate of Completion");
    expect(enText.text).toContain(course.name_en);
    // The Arabic name in the English certificate is one right-to-left run, its glyphs reversed in the file: copy,
    // search and screen readers still get the name as written, ligatures («لى», «سن») included (issue 42: «ليىل حنس»).
    expect(enText.text).toContain("ليلى حسن");
    expect(enText.logical).toContain("ليلى حسن");
    expect(enText.text).not.toContain("ليىل");
    expect(enText.logical).not.toContain("حنس");
    expect(enText.text).toContain(`${server.config.publicUrl}/certificates/${inEnglish.body.results[0].certificate.code}`);
    // The QR code is an image on the page.
    expect(en.bytes.toString("latin1")).toMatch(/\/Subtype \/Image/);
  });

  it("gives parents their own children's certificates in /api/account (download, export) and erases them with the account", async () => {
    const g = await group(["Adam Parent", "Other Child"]);
    for (const enrolment of g.enrolments) await mark(enrolment, g.meetings.slice(0, 5), "present");
    const issued = await issue(g.id, { threshold: 100 });
    const [mine, theirs] = issued.body.results.map((r: { certificate: { id: number; code: string } }) => r.certificate) as [
      { id: number; code: string },
      { id: number; code: string },
    ];
    const headers = { cookie: parent.cookie, origin: server.url };
    const overview = await server.request("GET", "/api/account", { headers });
    const listed = overview.body.certificates.find((c: { id: number }) => c.id === mine.id);
    expect(listed).toMatchObject({
      code: mine.code,
      childName: "Adam Parent",
      pdfUrl: `/api/account/certificates/${mine.id}/pdf`,
      verifyUrl: `/certificates/${mine.code}`,
      revokedLabel: null,
    });
    expect(overview.body.certificates.find((c: { id: number }) => c.id === theirs.id)).toBeUndefined();
    const own = await pdf(`/api/account/certificates/${mine.id}/pdf`, parent.cookie);
    expect(own.status).toBe(200);
    expect(pdfText(own.bytes).text).toContain("Adam Parent");
    expect((await pdf(`/api/account/certificates/${theirs.id}/pdf`, parent.cookie)).status).toBe(404);
    expect((await pdf(`/api/account/certificates/${mine.id}/pdf`, "")).status).toBe(401);
    const exported = await server.request("GET", "/api/account/export", { headers });
    expect(exported.body.certificates).toEqual(expect.arrayContaining([expect.objectContaining({ code: mine.code, childName: "Adam Parent" })]));
    // The attendance marks behind it too (five classes present), only the family's own child's.
    expect(
      exported.body.attendanceMarks.filter((m: { childName: string; status: string }) => m.childName === "Adam Parent" && m.status === "present"),
    ).toHaveLength(5);
    expect(exported.body.attendanceMarks.some((m: { childName: string }) => m.childName === "Other Child")).toBe(false);
    // Erasure: the account goes, the certificate's page says it no longer exists, without the name.
    const deleted = await server.request("POST", "/api/account/delete", { json: { email: parent.user.email }, headers });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const after = await server.request("GET", `/api/certificates/${mine.code}`);
    expect(after.body).toMatchObject({ status: "erased", childName: null, course: null });
    const row = await server.db.selectFrom("certificates").selectAll().where("id", "=", mine.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ child_name: "", enrolment_id: null });
    expect((await server.request("GET", `/api/certificates/${theirs.code}`)).body.status).toBe("valid");
  });
});
