import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { absenceLinkToken, reportAbsence, spendCredit } from "./makeups.server";
import { sweepMeetingReminders } from "./meeting-reminders.server";
import { makeupGuestsFor, reportedAbsencesFor } from "./queries.server";

const HOUR = 3_600_000;
const run = promisify(execFile);
const RULES = { absenceNoticeHours: 24, makeupCreditDays: 60 };

/**
 * Absences and make-up classes (issue 30 part 3, decision 076), on SQLite and on PostgreSQL
 * (TEST_DATABASE_URL): the notice window, the credit's expiry, the same course in another group,
 * only the family's own enrolments, the reminder link without sign-in, bad input as 4xx JSON, the
 * make-up allowance under 100 simultaneous spends, and the day-before reminders across instances.
 */
describe("absences and make-ups", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; slug: string; min_age: number };
  let otherCourse: { id: number };
  let today: string;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db.selectFrom("courses").select(["id", "slug", "min_age"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    otherCourse = await server.db.selectFrom("courses").select("id").where("id", "<>", course.id).executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    today = zonedParts(new Date(), timeZone).date;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A group of the course (or another), four weekly-ish classes from ten days ahead. */
  const group = async (extra: Record<string, unknown> = {}) => {
    const json = {
      courseId: course.id,
      weekdays: [2, 4],
      startTime: "16:00",
      durationMinutes: 60,
      firstDate: addDays(today, 10),
      meetings: 4,
      capacity: 50,
      ...extra,
    };
    const res = await server.request("POST", "/api/admin/sections", { json, headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const meetingsOf = async (sectionId: number) =>
    (await server.db.selectFrom("section_meetings").select(["id", "starts_at"]).where("section_id", "=", sectionId).orderBy("starts_at").execute()).map(
      (m) => m.id,
    );
  /** A child's seat, written as the enrolment endpoint writes it (the endpoint's own limits aside). */
  const seat = async (sectionId: number, email: string, options: { userId?: number | null; lang?: "en" | "ar"; courseId?: number } = {}) => {
    const now = nowIso();
    const n = ++counter;
    const row = await server.db
      .insertInto("section_enrolments")
      .values({
        reference: randomBytes(12).toString("base64url"),
        code: `MK${n}${randomBytes(3).toString("hex")}`,
        section_id: sectionId,
        course_id: options.courseId ?? course.id,
        child_name: `Child ${n}`,
        child_key: `child ${n}`,
        child_age: course.min_age,
        parent_name: `Parent ${n}`,
        email,
        phone: "+91 98765 43210",
        lang: options.lang ?? "en",
        user_id: options.userId ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning(["id", "reference"])
      .executeTakeFirstOrThrow();
    return row;
  };
  /** Time passes: the meeting now starts `hours` from now. */
  const startIn = (meetingId: number, hours: number) =>
    server.db
      .updateTable("section_meetings")
      .set({ starts_at: new Date(Date.now() + hours * HOUR).toISOString() })
      .where("id", "=", meetingId)
      .execute();
  const setAllowance = (n: number) =>
    server.db
      .updateTable("site_settings")
      .set({ value: JSON.stringify(n) })
      .where("key", "=", "makeupAllowance")
      .execute();

  it("a parent reports from the account: in time a credit, late no credit (said so), once; only their own enrolments; bad input is 4xx JSON", async () => {
    const parent = await server.signIn("user");
    const other = await server.signIn("user");
    const h = { cookie: parent.cookie, origin: server.url };
    const a = await group();
    const b = await group({ startTime: "17:00" });
    const mine = await seat(a, "mine@example.com", { userId: parent.user.id });
    const theirs = await seat(a, "theirs@example.com", { userId: other.user.id });
    const [m1, m2, m3] = await meetingsOf(a);

    const early = await server.request("POST", "/api/account/absences", { json: { enrolmentId: mine.id, meetingId: m1, reason: "Family trip" }, headers: h });
    expect(early.status, JSON.stringify(early.body)).toBe(201);
    expect(early.body.credit).toMatchObject({ id: expect.any(Number), expiresAt: expect.any(String) });
    expect(early.body.message).toContain("make-up credit");
    const again = await server.request("POST", "/api/account/absences", { json: { enrolmentId: mine.id, meetingId: m1 }, headers: h });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe("already");

    // Inside the notice window: recorded, no credit, and the answer says so (in Arabic too).
    await startIn(m2!, 5);
    const late = await server.request("POST", "/api/account/absences", {
      json: { enrolmentId: mine.id, meetingId: m2 },
      headers: { ...h, "accept-language": "ar" },
    });
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    expect(late.body.credit).toBeNull();
    expect(late.body.message).toContain("لا يمنح رصيد");
    expect((await reportedAbsencesFor(server.db, m2!)).get(mine.id)).toMatchObject({ reason: "", reportedAt: expect.any(String) });

    // Another family's child, a class of another group, a class that started: refused.
    const foreign = await server.request("POST", "/api/account/absences", { json: { enrolmentId: theirs.id, meetingId: m1 }, headers: h });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toEqual(expect.any(String));
    const [bFirst] = await meetingsOf(b);
    expect((await server.request("POST", "/api/account/absences", { json: { enrolmentId: mine.id, meetingId: bFirst }, headers: h })).status).toBe(400);
    await startIn(m3!, -1);
    expect((await server.request("POST", "/api/account/absences", { json: { enrolmentId: mine.id, meetingId: m3 }, headers: h })).body.reason).toBe("started");

    // Bad input: 400 JSON with field errors, never 500; signed out 401.
    for (const json of [
      {},
      { enrolmentId: "x", meetingId: -1 },
      { enrolmentId: 1e12, meetingId: 1 },
      { enrolmentId: mine.id, meetingId: m1, reason: "x".repeat(301) },
    ]) {
      const bad = await server.request("POST", "/api/account/absences", { json, headers: h });
      expect(bad.status, JSON.stringify(json)).toBe(400);
      expect(bad.body.errors).toEqual(expect.any(Object));
    }
    expect(
      (await server.request("POST", "/api/account/absences", { json: { enrolmentId: mine.id, meetingId: m1 }, headers: { origin: server.url } })).status,
    ).toBe(401);
    expect((await server.request("GET", "/api/account/makeups")).status).toBe(401);

    // The account's page data: the credit, and the classes of group b it can buy.
    const overview = await server.request("GET", "/api/account/makeups", { headers: h });
    expect(overview.status).toBe(200);
    expect(overview.body.credits).toHaveLength(1);
    expect(overview.body.credits[0]).toMatchObject({ status: "available", childName: expect.any(String), expires: expect.any(String) });
    const choices = overview.body.credits[0].choices.map((c: { id: number }) => c.id) as number[];
    expect(choices).toEqual(expect.arrayContaining(await meetingsOf(b)));
    expect(choices.filter((id) => [m1, m2, m3].includes(id))).toEqual([]);
  });

  it("a credit buys one seat in another group of the same course, once; not the own group, another course, or after expiry; cancelled in time it comes back", async () => {
    await setAllowance(2);
    const parent = await server.signIn("user");
    const h = { cookie: parent.cookie, origin: server.url };
    const a = await group({ startTime: "09:00" });
    const b = await group({ startTime: "10:00" });
    const foreign = await group({ courseId: otherCourse.id, startTime: "11:00" });
    const child = await seat(a, "spender@example.com", { userId: parent.user.id });
    const [a1, a2] = await meetingsOf(a);
    const [b1, b2] = await meetingsOf(b);
    const [f1] = await meetingsOf(foreign);
    const credit = (await server.request("POST", "/api/account/absences", { json: { enrolmentId: child.id, meetingId: a1 }, headers: h })).body.credit
      .id as number;
    const book = (meetingId: number | undefined, creditId = credit) =>
      server.request("POST", "/api/account/makeups", { json: { creditId, meetingId }, headers: h });

    expect((await book(a2)).body.errors.meetingId).toEqual(expect.any(String));
    expect((await book(f1)).status).toBe(400);
    const stranger = await server.signIn("user");
    expect(
      (
        await server.request("POST", "/api/account/makeups", {
          json: { creditId: credit, meetingId: b1 },
          headers: { cookie: stranger.cookie, origin: server.url },
        })
      ).status,
    ).toBe(404);

    const booked = await book(b1);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await book(b2)).body.reason).toBe("creditUsed");
    expect((await makeupGuestsFor(server.db, b1!)).map((g) => g.enrolmentId)).toEqual([child.id]);
    const bRow = await server.db.selectFrom("course_sections").select("seats_taken").where("id", "=", b).executeTakeFirstOrThrow();
    expect(bRow.seats_taken).toBe(0);

    // Cancelled before the notice window: the credit is back and buys another class.
    const cancel = await server.request("POST", "/api/account/makeups/cancel", { json: { creditId: credit }, headers: h });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await makeupGuestsFor(server.db, b1!)).toEqual([]);
    expect((await server.db.selectFrom("section_meetings").select("makeup_guests").where("id", "=", b1!).executeTakeFirstOrThrow()).makeup_guests).toBe(0);
    expect((await book(b2)).status).toBe(201);
    // Inside the window the make-up stays.
    await startIn(b2!, 3);
    const tooLate = await server.request("POST", "/api/account/makeups/cancel", { json: { creditId: credit }, headers: h });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.reason).toBe("tooLate");

    // An expired credit buys nothing.
    const second = (await server.request("POST", "/api/account/absences", { json: { enrolmentId: child.id, meetingId: (await meetingsOf(a))[2] }, headers: h }))
      .body.credit.id as number;
    await server.db
      .updateTable("makeup_credits")
      .set({ expires_at: new Date(Date.now() - HOUR).toISOString() })
      .where("id", "=", second)
      .execute();
    expect((await book(b1, second)).body.reason).toBe("creditExpired");
    for (const json of [{}, { creditId: "1", meetingId: 1 }, { creditId: 0, meetingId: 0 }])
      expect((await server.request("POST", "/api/account/makeups", { json, headers: h })).status).toBe(400);
  });

  it("the family's absences and credits are in the data export; deleting the account cancels make-ups ahead (places back) and erases the reasons", async () => {
    await setAllowance(2);
    const parent = await server.signIn("user");
    const h = { cookie: parent.cookie, origin: server.url };
    const a = await group({ startTime: "18:00" });
    const b = await group({ startTime: "18:30" });
    const child = await seat(a, "export@example.com", { userId: parent.user.id });
    const [a1] = await meetingsOf(a);
    const [b1] = await meetingsOf(b);
    const credit = (await server.request("POST", "/api/account/absences", { json: { enrolmentId: child.id, meetingId: a1, reason: "Dentist" }, headers: h }))
      .body.credit.id as number;
    expect((await server.request("POST", "/api/account/makeups", { json: { creditId: credit, meetingId: b1 }, headers: h })).status).toBe(201);
    const exported = await server.request("GET", "/api/account/export", { headers: h });
    expect(exported.body.absences).toEqual([expect.objectContaining({ reason: "Dentist", reportedVia: "account", earnedCredit: true })]);
    expect(exported.body.makeupCredits).toEqual([expect.objectContaining({ spentOn: expect.objectContaining({ groupId: b }) })]);

    const deleted = await server.request("POST", "/api/account/delete", { json: { email: parent.user.email }, headers: h });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await server.db.selectFrom("section_meetings").select("makeup_guests").where("id", "=", b1!).executeTakeFirstOrThrow()).makeup_guests).toBe(0);
    expect(await makeupGuestsFor(server.db, b1!)).toEqual([]);
    expect((await reportedAbsencesFor(server.db, a1!)).get(child.id)?.reason).toBe("[erased]");
  });

  it("the reminder's link reports an absence without signing in; a forged or another kind of link opens nothing", async () => {
    const a = await group({ startTime: "12:00" });
    const child = await seat(a, "link@example.com", { lang: "ar" });
    const [m1] = await meetingsOf(a);
    const token = absenceLinkToken(server.config.sessionSecret, child);
    const page = await server.request("GET", `/api/absences/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.child.meetings[0]).toMatchObject({ id: m1, absence: null, inNotice: true });
    const done = await server.request("POST", "/api/absences", { json: { token, meetingId: m1, reason: "Sick" }, headers: { origin: server.url } });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.credit).not.toBeNull();
    expect(await server.db.selectFrom("meeting_absences").select(["reported_via", "user_id"]).where("meeting_id", "=", m1!).executeTakeFirstOrThrow()).toEqual({
      reported_via: "link",
      user_id: null,
    });
    const forged = `${child.id}_${"A".repeat(43)}`;
    expect((await server.request("POST", "/api/absences", { json: { token: forged, meetingId: m1 }, headers: { origin: server.url } })).status).toBe(404);
    expect((await server.request("GET", `/api/absences/${forged}`)).status).toBe(404);
    expect((await server.request("POST", "/api/absences", { json: { token: "short", meetingId: m1 }, headers: { origin: server.url } })).status).toBe(400);
  });

  it(
    "100 simultaneous spends of 40 credits into a class with a make-up allowance of 3 place exactly 3 guests and spend exactly 3 credits, none twice",
    { timeout: 120_000 },
    async () => {
      const home = await group({ startTime: "13:00", capacity: 60 });
      const target = await group({ startTime: "14:00", capacity: 1 });
      const [missed] = await meetingsOf(home);
      const [into] = await meetingsOf(target);
      const credits: { creditId: number; enrolmentId: number }[] = [];
      for (let i = 0; i < 40; i++) {
        const child = await seat(home, `race-${i}@example.com`);
        const result = await reportAbsence(server.db, { enrolmentId: child.id, meetingId: missed!, reason: "", via: "account", userId: null }, RULES);
        if (!result.ok || !result.credit) throw new Error("no credit");
        credits.push({ creditId: result.credit.id, enrolmentId: child.id });
      }
      const spends = await Promise.all(
        Array.from({ length: 100 }, (_, i) => {
          const { creditId, enrolmentId } = credits[i % 40]!;
          return spendCredit(server.db, { creditId, meetingId: into!, enrolmentIds: [enrolmentId] }, 3);
        }),
      );
      const placed = spends.filter((s) => s.ok).length;
      const spent = await server.db.selectFrom("makeup_credits").select(["id", "enrolment_id"]).where("meeting_id", "=", into!).execute();
      const meeting = await server.db.selectFrom("section_meetings").select("makeup_guests").where("id", "=", into!).executeTakeFirstOrThrow();
      console.log(
        `[makeups] 100 spends of 40 credits, allowance 3: placed=${placed}, credits spent=${spent.length}, guests=${meeting.makeup_guests}, refusals=${spends
          .map((s) => (s.ok ? "" : s.reason))
          .filter(Boolean)
          .sort()
          .join(",")
          .slice(0, 300)}`,
      );
      expect(placed).toBe(3);
      expect(spent).toHaveLength(3);
      expect(new Set(spent.map((s) => s.enrolment_id)).size).toBe(3);
      expect(meeting.makeup_guests).toBe(3);
      expect((await makeupGuestsFor(server.db, into!)).length).toBe(3);
      // The group's own seats are untouched: guests come on top of capacity.
      expect((await server.db.selectFrom("course_sections").select("seats_taken").where("id", "=", target).executeTakeFirstOrThrow()).seats_taken).toBe(0);
    },
  );

  it(
    "meeting reminders with two more instances send one e-mail per child per meeting, guests included, absentees left out, in the family's language",
    { timeout: 120_000 },
    async () => {
      const a = await group({ startTime: "15:00" });
      const b = await group({ startTime: "15:30" });
      const [a1, a2] = await meetingsOf(a);
      const [b1] = await meetingsOf(b);
      const emails: string[] = [];
      for (let i = 0; i < 12; i++) {
        emails.push(`mr-${i}@example.com`);
        await seat(i < 8 ? a : b, emails[i]!, { lang: i % 2 === 0 ? "en" : "ar" });
      }
      const absent = await seat(a, "mr-absent@example.com");
      await reportAbsence(server.db, { enrolmentId: absent.id, meetingId: a1!, reason: "", via: "link", userId: null }, RULES);
      // A child of group b, a make-up guest in a1 (an extra e-mail for a1 to the same family).
      const guest = await seat(b, "mr-guest@example.com");
      const spare = await reportAbsence(
        server.db,
        { enrolmentId: guest.id, meetingId: (await meetingsOf(b))[2]!, reason: "", via: "link", userId: null },
        RULES,
      );
      if (!spare.ok || !spare.credit) throw new Error("no credit");
      expect((await spendCredit(server.db, { creditId: spare.credit.id, meetingId: a1!, enrolmentIds: [guest.id] }, 3)).ok).toBe(true);
      await startIn(a1!, 20);
      await startIn(b1!, 22);
      await startIn(a2!, 30); // not yet due
      await waitForJobs(server.db);

      const { database } = server.config;
      const instance = async () => {
        const { stdout } = await run(process.execPath, ["--import", "tsx", "server/test/reminder-instance.ts"], {
          env: {
            ...process.env,
            SWEEP: "meeting",
            DATABASE_URL: database.kind === "sqlite" ? `sqlite:${database.file}` : database.url,
            DATA_DIR: server.config.dataDir,
            SWEEPS: "10",
          },
          timeout: 60_000,
        });
        return (JSON.parse(stdout.trim().split("\n").at(-1)!) as { claimed: number }).claimed;
      };
      const runs = await Promise.all([instance(), instance()]);
      const here = (await Promise.all(Array.from({ length: 10 }, () => sweepMeetingReminders(server.db)))).reduce((s, n) => s + n, 0);
      await waitForJobs(server.db);
      const reminders = (to: string) =>
        outboxMails(server.config.dataDir).filter((m) => m.to === to && (m.subject.startsWith("Reminder: ") || m.subject.startsWith("تذكير: ")));
      console.log(`[meeting reminders] claimed by instance B=${runs[0]}, C=${runs[1]}, this one=${here}`);
      // Group a: 8 children (a1), group b: 4 (b1) + the guest's own group b child (b1) + as a guest in a1.
      expect(emails.map((e) => reminders(e).length)).toEqual(emails.map(() => 1));
      expect(reminders("mr-absent@example.com")).toHaveLength(0);
      expect(reminders("mr-guest@example.com")).toHaveLength(2);
      expect((await server.db.selectFrom("meeting_reminders").select("id").where("meeting_id", "=", a2!).execute()).length).toBe(0);

      const english = reminders("mr-0@example.com")[0]!;
      expect(english.text).toContain("/makeups/absence?token=");
      expect(english.text).not.toContain("/ar/makeups");
      const arabic = reminders("mr-1@example.com")[0]!;
      expect(arabic.subject.startsWith("تذكير: ")).toBe(true);
      expect(arabic.text).toContain("/ar/makeups/absence?token=");
      // The link in the e-mail opens the page's data without signing in.
      const token = decodeURIComponent(/absence\?token=([\w%-]+)/.exec(english.text)![1]!);
      expect((await server.request("GET", `/api/absences/${token}`)).status).toBe(200);
      expect(reminders("mr-guest@example.com").some((m) => m.text.includes("/account/makeups"))).toBe(true);
      // A restart: nobody hears twice.
      expect(await Promise.all([instance(), instance()])).toEqual([0, 0]);
    },
  );
});
