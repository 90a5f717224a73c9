import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { queuedMailsOf } from "~server/test/mail-jobs";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { pdfText } from "~server/test/pdf-text";
import { nowIso } from "~server/db/values";
import { issueReports, progressReportMail } from "./progress.server";

/**
 * Termly progress reports (issue 44 item 3, decision 138): an instructor writes and issues only in
 * their own groups, and only once the last class has taken place (staff earlier); issuing twice at
 * once gives one report per child and one e-mail per family; the PDF says the child's name and
 * figures in the family's language, carries no photo, and reaches no other family.
 */
describe("progress reports API", () => {
  let server: TestServer;
  let admin: { cookie: string; user: { id: number } };
  let instructor: { cookie: string; user: { id: number } };
  let family1: { cookie: string; user: { id: number } };
  let family2: { cookie: string; user: { id: number; email: string } };
  let mine: Awaited<ReturnType<typeof groupWithMeeting>>;
  let theirs: Awaited<ReturnType<typeof groupWithMeeting>>;
  let upcoming: Awaited<ReturnType<typeof groupWithMeeting>>;
  const names = { a: "Zara Khan", b: "ليلى حسن", c: "Omar Khan" };
  const as = (who: { cookie: string }) => ({ cookie: who.cookie, origin: server.url });
  const url = (sectionId: number, tail = "") => `/api/teaching/sections/${sectionId}/progress-reports${tail}`;
  const issue = (who: { cookie: string }, sectionId: number) => server.request("POST", url(sectionId, "/issue"), { headers: as(who) });
  const notes = (who: { cookie: string }, sectionId: number, body: unknown) =>
    server.request("POST", url(sectionId, "/notes"), { json: body, headers: as(who) });
  const pdfOf = async (who: { cookie: string }, path: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie: who.cookie } });
    return { status: response.status, type: response.headers.get("content-type") ?? "", bytes: Buffer.from(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    server = await startTestServer();
    const teachers = await server.db.selectFrom("teachers").select("id").orderBy("id").limit(2).execute();
    admin = await server.signIn("admin");
    instructor = await server.signIn("instructor");
    family1 = await server.signIn("user");
    family2 = await server.signIn("user");
    await server.db.updateTable("users").set({ teacher_id: teachers[0]!.id }).where("id", "=", instructor.user.id).execute();
    mine = await groupWithMeeting(server.db, { teacherId: teachers[0]!.id, startsAt: new Date(Date.now() - 60_000), children: 3 });
    theirs = await groupWithMeeting(server.db, { teacherId: teachers[1]!.id, startsAt: new Date(Date.now() - 60_000), children: 1 });
    upcoming = await groupWithMeeting(server.db, { teacherId: teachers[0]!.id, startsAt: new Date(Date.now() + 7 * 86_400_000), children: 1 });
    const [a, b, c] = mine.enrolmentIds as [number, number, number];
    // Zara and Omar are one family's (one e-mail, English); Laila is another's, in Arabic.
    const set = (id: number, values: { child_name: string; email: string; lang: "en" | "ar"; user_id: number }) =>
      server.db
        .updateTable("section_enrolments")
        .set({ ...values, child_key: values.child_name.toLowerCase() })
        .where("id", "=", id)
        .execute();
    await set(a, { child_name: names.a, email: "khan.family@example.com", lang: "en", user_id: family1.user.id });
    await set(c, { child_name: names.c, email: "Khan.Family@example.com", lang: "en", user_id: family1.user.id });
    await set(b, { child_name: names.b, email: "hassan.family@example.com", lang: "ar", user_id: family2.user.id });
    const now = nowIso();
    await server.db
      .insertInto("meeting_attendance")
      .values([
        { meeting_id: mine.meetingId, enrolment_id: a, status: "present", marked_by: null, created_at: now, updated_at: now },
        { meeting_id: mine.meetingId, enrolment_id: b, status: "absent", marked_by: null, created_at: now, updated_at: now },
      ])
      .execute();
    // A ladder of one level with two skills; Zara achieves one from this group's roster.
    const courseId = (await server.db.selectFrom("course_sections").select("course_id").where("id", "=", mine.sectionId).executeTakeFirstOrThrow()).course_id;
    const level = await server.request("POST", `/api/admin/courses/${courseId}/levels`, { json: { nameEn: "Scratch", nameAr: "سكراتش" }, headers: as(admin) });
    const skill = await server.request("POST", `/api/admin/levels/${level.body.id}/skills`, {
      json: { nameEn: "Uses a loop", nameAr: "يستخدم حلقة تكرار" },
      headers: as(admin),
    });
    const second = await server.request("POST", `/api/admin/levels/${level.body.id}/skills`, {
      json: { nameEn: "Uses a variable", nameAr: "يستخدم متغيرًا" },
      headers: as(admin),
    });
    // The next level is taught by the upcoming group: completing Scratch proposes it (decision 130).
    await server.request("POST", `/api/admin/courses/${courseId}/levels`, {
      json: { nameEn: "Python basics", nameAr: "أساسيات بايثون", sectionId: upcoming.sectionId },
      headers: as(admin),
    });
    const marked = await server.request("POST", `/api/teaching/sections/${mine.sectionId}/skills`, {
      json: {
        marks: [
          { enrolmentId: a, skillId: skill.body.id, status: "achieved" },
          { enrolmentId: a, skillId: second.body.id, status: "achieved" },
        ],
      },
      headers: as(instructor),
    });
    expect(marked.status).toBe(200);
    expect(marked.body.completed).toHaveLength(1);
    // Zara's project, with a photo in which Laila (no media release) is marked too.
    const project = await server.db
      .insertInto("portfolio_projects")
      .values({
        family_email: "khan.family@example.com",
        child_key: names.a.toLowerCase(),
        child_name: names.a,
        enrolment_id: a,
        section_id: mine.sectionId,
        title: "Line-following robot",
        note: "Two sensors and a motor driver.",
        link: "",
        added_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const photo = await server.db
      .insertInto("portfolio_photos")
      .values({ project_id: project.id, upload: "a".repeat(24), widths: "320", width: 320, height: 240, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("portfolio_photo_children")
      .values({ photo_id: photo.id, family_email: "hassan.family@example.com", child_key: names.b.toLowerCase() })
      .execute();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lets an instructor write and issue only in their own groups, once the last class has taken place", async () => {
    const [a, b] = mine.enrolmentIds as [number, number];
    const saved = await notes(instructor, mine.sectionId, {
      notes: [
        { enrolmentId: a, comment: "Zara built a robot that follows a line.", nextStep: "Start Python next term." },
        { enrolmentId: b, comment: "ليلى تفكّر بعناية قبل أن تبرمج.", nextStep: "" },
      ],
    });
    expect(saved.status).toBe(200);
    const read = await server.request("GET", url(mine.sectionId), { headers: as(instructor) });
    expect(read.status).toBe(200);
    expect(read.body.mayIssue).toBe(true);
    expect(read.body.children.find((child: { enrolmentId: number }) => child.enrolmentId === a)).toMatchObject({
      nextStep: "Start Python next term.",
      report: null,
    });

    // Another instructor's group: 403 whatever is sent, nothing stored.
    const before = await server.countRows("progress_reports");
    expect((await server.request("GET", url(theirs.sectionId), { headers: as(instructor) })).status).toBe(403);
    expect((await notes(instructor, theirs.sectionId, { notes: [{ enrolmentId: theirs.enrolmentIds[0], comment: "x" }] })).status).toBe(403);
    expect((await notes(instructor, theirs.sectionId, { nonsense: 1 })).status).toBe(403);
    expect((await issue(instructor, theirs.sectionId)).status).toBe(403);
    expect((await pdfOf(instructor, url(theirs.sectionId, `/${theirs.enrolmentIds[0]}/pdf`))).status).toBe(403);
    // Their own group, a child of another group; bad input: 400, nothing stored.
    expect((await notes(instructor, mine.sectionId, { notes: [{ enrolmentId: theirs.enrolmentIds[0], comment: "x" }] })).status).toBe(400);
    for (const body of [{}, { notes: [] }, { notes: [{ enrolmentId: a, comment: "x".repeat(1201) }] }, { notes: [{ enrolmentId: "1 OR 1=1" }] }]) {
      const refused = await notes(instructor, mine.sectionId, body);
      expect(refused.status).toBe(400);
      expect(typeof refused.body.message).toBe("string");
    }
    // A parent writes nothing.
    expect((await notes(family1, mine.sectionId, { notes: [{ enrolmentId: a, comment: "x" }] })).status).toBe(403);
    expect(await server.countRows("progress_reports")).toBe(before);

    // Before the last class: the instructor waits (409), staff may issue earlier.
    const early = await issue(instructor, upcoming.sectionId);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/last class/);
    expect((await server.request("GET", url(upcoming.sectionId), { headers: as(instructor) })).body.mayIssue).toBe(false);
    expect((await issue(admin, upcoming.sectionId)).status).toBe(201);
  });

  it("issues one report per child and one e-mail per family, even when issued twice at once", async () => {
    // Laila's family chose WhatsApp (decision 127): the report is also announced there, once.
    await server.db
      .insertInto("messaging_preferences")
      .values({ email: "hassan.family@example.com", phone: "971501234567", lang: "ar", whatsapp: 1, updated_at: nowIso() })
      .execute();
    const answers = await Promise.all([issue(instructor, mine.sectionId), issue(admin, mine.sectionId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(answers.map((answer) => answer.body.issued).sort()).toEqual([0, 3]);
    const reports = await server.db
      .selectFrom("progress_reports")
      .select(["enrolment_id", "version", "lang"])
      .where("section_id", "=", mine.sectionId)
      .execute();
    expect(reports).toHaveLength(3);
    expect(reports.every((report) => report.version === 1)).toBe(true);
    const mails = (await queuedMailsOf(server.db, progressReportMail)).filter((mail) => /khan|hassan/i.test(mail.to));
    expect(mails.map((mail) => mail.to.toLowerCase()).sort()).toEqual(["hassan.family@example.com", "khan.family@example.com"]);
    expect(mails.find((mail) => mail.to === "hassan.family@example.com")?.subject).toBe(`تقرير التقدّم: ${names.b}`);
    const messages = await server.db.selectFrom("messages").select(["email", "template"]).where("template", "=", "progress_report_ready").execute();
    expect(messages).toEqual([{ email: "hassan.family@example.com", template: "progress_report_ready" }]);

    // Again with nothing changed: nothing issued, nothing mailed.
    const again = await issue(instructor, mine.sectionId);
    expect(again.status).toBe(200);
    expect(again.body.issued).toBe(0);
    // A comment changed: that child's report becomes version 2, its family mailed once more.
    const [a] = mine.enrolmentIds as [number];
    await notes(instructor, mine.sectionId, {
      notes: [{ enrolmentId: a, comment: "Zara built a robot that follows a line and avoids walls.", nextStep: "Start Python next term." }],
    });
    const updated = await issue(instructor, mine.sectionId);
    expect(updated.body.issued).toBe(1);
    const newest = (await queuedMailsOf(server.db, progressReportMail)).filter((mail) => /khan|hassan/i.test(mail.to));
    expect(newest).toHaveLength(3);
    expect(newest.at(-1)?.subject).toBe(`Updated progress report: ${names.a}`);
    expect((await server.db.selectFrom("progress_reports").select("version").where("enrolment_id", "=", a).executeTakeFirstOrThrow()).version).toBe(2);

    // The e-mails go out with the PDFs attached, in the family's language.
    // Messages may be held for quiet hours (a job for later): the mails are what is waited for.
    await waitForJobs(server.db, { ignoreKinds: "message-%" });
    const sent = outboxMails(server.config.dataDir).filter((mail) => /khan|hassan/i.test(mail.to));
    const arabic = sent.find((mail) => mail.to.includes("hassan.family"));
    expect(arabic?.text).toContain("تقرير التقدّم لهذا الفصل الدراسي جاهز");
    expect(arabic?.raw).toMatch(/application\/pdf/);
    // The first Khan mail was for version 1 of Zara's report, now replaced: it named Omar's still.
    expect(sent.filter((mail) => mail.to.toLowerCase().includes("khan.family")).length).toBeGreaterThanOrEqual(1);
  });

  // Instances side by side share PostgreSQL only: SQLite is one process, whose one connection the
  // HTTP test above already drives twice at once (two synchronous SQLite connections in one thread
  // would only wait on each other).
  it.skipIf(!process.env.TEST_DATABASE_URL)("issues once when two instances issue the same group at once (two connection pools)", async () => {
    const other = server.openDb();
    try {
      const options = { userId: admin.user.id, timeZone: "Asia/Kolkata", early: true };
      const results = await Promise.all([issueReports(server.db, theirs.sectionId, options), issueReports(other, theirs.sectionId, options)]);
      expect(results.map((result) => (result.ok ? result.issued : -1)).sort()).toEqual([0, 1]);
      const rows = await server.db.selectFrom("progress_reports").select("version").where("section_id", "=", theirs.sectionId).execute();
      expect(rows).toEqual([{ version: 1 }]);
      const to = (await server.db.selectFrom("section_enrolments").select("email").where("id", "=", theirs.enrolmentIds[0]!).executeTakeFirstOrThrow()).email;
      expect((await queuedMailsOf(server.db, progressReportMail)).filter((mail) => mail.to === to)).toHaveLength(1);
    } finally {
      await other.destroy();
    }
  });

  it("gives the family its own children's reports in its language, with no photo, and nobody else's", async () => {
    const list = await server.request("GET", "/api/account/progress-reports", { headers: as(family1) });
    expect(list.status).toBe(200);
    expect(list.body.reports.map((report: { childName: string }) => report.childName).sort()).toEqual([names.c, names.a].sort());
    const zara = list.body.reports.find((report: { childName: string }) => report.childName === names.a);
    expect(zara.version).toBe(2);
    const pdf = await pdfOf(family1, zara.pdf);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = pdfText(pdf.bytes);
    for (const phrase of [
      names.a,
      "Attended 1 of 1 classes (100%)",
      "Scratch: Uses a loop",
      "Scratch: Uses a variable",
      "Level completed: Scratch",
      "Python basics: the Robotics Fundamentals group starting on",
      "Line-following robot",
      "follows a line and avoids walls",
      "Start Python next term.",
    ])
      expect(text).toContain(phrase);
    // The consent rule: the project's photo shows Laila, who has no media release; no photo is in the PDF, nor her name.
    expect(pdf.bytes.toString("latin1")).not.toMatch(/\/Subtype\s*\/Image/);
    expect(text).not.toContain(names.b);

    // Another family: 404 on this report; its own, in Arabic.
    expect((await pdfOf(family2, zara.pdf)).status).toBe(404);
    expect((await server.request("GET", zara.pdf, { headers: as(family2) })).body.message).toBe("Not found.");
    const own = await server.request("GET", "/api/account/progress-reports", { headers: as(family2) });
    expect(own.body.reports).toHaveLength(1);
    const laila = await pdfOf(family2, own.body.reports[0].pdf);
    expect(laila.status).toBe(200);
    const arabic = pdfText(laila.bytes).text;
    // Each run of an Arabic line reads back whole (the line's runs in drawing order, right to left).
    for (const phrase of [names.b, "تقرير التقدّم", "حصص الحضور:", "من أصل", "بنسبة حضور", "0%", "ليلى تفكّر بعناية قبل أن تبرمج."])
      expect(arabic).toContain(phrase);
    expect(arabic).not.toContain(names.a);
    // Signed out: 401; a staff member reads it from the group's page.
    expect((await pdfOf({ cookie: "" }, zara.pdf)).status).toBe(401);
    // The family's data export carries its reports as issued.
    const exported = await server.request("GET", "/api/account/export", { headers: as(family1) });
    expect(exported.body.progressReports.map((report: { childName: string }) => report.childName).sort()).toEqual([names.c, names.a].sort());
    const staffCopy = await pdfOf(instructor, url(mine.sectionId, `/${mine.enrolmentIds[0]}/pdf`));
    expect(staffCopy.status).toBe(200);
    expect(pdfText(staffCopy.bytes).text).toContain(names.a);
  });

  it("keeps each issued version's PDF for the family, and reports on a child who left mid-term up to their leaving (decision 144)", async () => {
    const [a, , c] = mine.enrolmentIds as [number, number, number];
    const list = await server.request("GET", "/api/account/progress-reports", { headers: as(family1) });
    const zara = list.body.reports.find((report: { childName: string }) => report.childName === names.a);
    // Version 2 is current; version 1 stays, as it was issued, at a link of its own.
    expect(zara.earlier.map((old: { version: number }) => old.version)).toEqual([1]);
    const first = await pdfOf(family1, zara.earlier[0].pdf);
    expect(first.status).toBe(200);
    expect(pdfText(first.bytes).text).toContain(names.a);
    expect((await pdfOf(family2, zara.earlier[0].pdf)).status).toBe(404);
    expect((await pdfOf(family1, `/api/account/progress-reports/${zara.id}/versions/9/pdf`)).status).toBe(404);

    // Omar leaves after the first class; a second class is held after he left.
    const started = (await server.db.selectFrom("section_meetings").select("starts_at").where("id", "=", mine.meetingId).executeTakeFirstOrThrow()).starts_at;
    const leftAt = new Date(Date.parse(started) + 10_000).toISOString();
    await server.db.updateTable("section_enrolments").set({ status: "dropped", drop_reason: "moving away" }).where("id", "=", c).execute();
    await server.db
      .insertInto("audit_log")
      .values({ user_id: null, action: "drop", entity: "section_enrolment", entity_id: String(c), summary: "{}", created_at: leftAt })
      .execute();
    const now = nowIso();
    const later = await server.db
      .insertInto("section_meetings")
      .values({ section_id: mine.sectionId, starts_at: new Date(Date.now() - 5_000).toISOString(), duration_minutes: 60, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("meeting_attendance")
      .values({ meeting_id: later.id, enrolment_id: a, status: "present", marked_by: null, created_at: now, updated_at: now })
      .execute();
    const page = await server.request("GET", url(mine.sectionId), { headers: as(instructor) });
    expect(page.body.children.find((child: { enrolmentId: number }) => child.enrolmentId === c).leftOn).toEqual(expect.any(String));
    expect((await issue(admin, mine.sectionId)).status).toBe(201);
    const contentOf = async (id: number) =>
      JSON.parse((await server.db.selectFrom("progress_reports").select("content").where("enrolment_id", "=", id).executeTakeFirstOrThrow()).content!);
    expect((await contentOf(a)).attendance).toEqual({ attended: 2, held: 2 });
    const omar = await contentOf(c);
    expect(omar.attendance.held).toBe(1);
    expect(omar.leftOn).toEqual(expect.any(String));
    const reports = (await server.request("GET", "/api/account/progress-reports", { headers: as(family1) })).body.reports;
    const omarPdf = pdfText((await pdfOf(family1, reports.find((r: { childName: string }) => r.childName === names.c).pdf)).bytes).text;
    expect(omarPdf).toContain("Left the group on");
    expect(omarPdf).toContain("of 1 classes");
    // Zara's version 3; her versions 2 and 1 still open as issued.
    const zaraNow = reports.find((report: { childName: string }) => report.childName === names.a);
    expect(zaraNow.version).toBe(3);
    expect(zaraNow.earlier.map((old: { version: number }) => old.version)).toEqual([2, 1]);
    expect(pdfText((await pdfOf(family1, zaraNow.earlier[0].pdf)).bytes).text).toContain("Attended 1 of 1 classes");
  });

  it("erases a family's reports with its account", async () => {
    const [, b] = mine.enrolmentIds as [number, number];
    const deleted = await server.request("POST", "/api/account/delete", { json: { email: family2.user.email }, headers: as(family2) });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await server.db.selectFrom("progress_reports").select("id").where("enrolment_id", "=", b).executeTakeFirst()).toBeUndefined();
    expect(await server.db.selectFrom("progress_reports").select("id").where("section_id", "=", mine.sectionId).execute()).toHaveLength(2);
  });
});
