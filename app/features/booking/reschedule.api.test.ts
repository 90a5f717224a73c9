import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import type { Lang } from "~/i18n/lang";
import { bookSlot, findCourse } from "./booking.server";
import { formatDateLabel } from "~/kernel/slot-format";

const TZ = "Asia/Kolkata";
const HOUR = 3_600_000;

describe("a parent moves a demo booking to another time (issue 17, decision 029)", () => {
  let server: TestServer;
  let course: NonNullable<Awaited<ReturnType<typeof findCourse>>>;
  let otherCourseId: number;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer();
    course = (await findCourse(server.db, "python-for-beginners", "en"))!;
    otherCourseId = (await server.db.selectFrom("courses").select("id").where("id", "<>", course.id).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A slot straight in the database (hours from now), so tests can make many of any capacity. */
  async function makeSlot(hoursAhead: number, capacity = 5, courseId: number | null = course.id) {
    const now = nowIso();
    const row = await server.db
      .insertInto("demo_slots")
      // Minutes apart, so two slots of one test never share a start.
      .values({
        starts_at: new Date(Date.now() + hoursAhead * HOUR + ++counter * 60_000).toISOString(),
        duration_minutes: 60,
        capacity,
        course_id: courseId,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function book(slotId: number, email: string, lang: Lang = "en", childName = "Lina") {
    const result = await bookSlot(
      server.db,
      { slotId, childName, childAge: 10, parentName: "Rami", email, phone: "+91 98765 43210" },
      { course, userId: null, lang, timeZone: TZ, linkSecret: server.config.sessionSecret, perFamily: 3 },
    );
    if (!result.ok) throw new Error(`booking failed: ${result.reason}`);
    return result;
  }
  const move = (token: string, slotId: unknown, lang: Lang = "en") =>
    server.request("POST", `/api/demo-bookings/reschedule?lang=${lang}`, { json: { token, slotId }, headers: { origin: server.url } });
  const seats = async (id: number) =>
    (await server.db.selectFrom("demo_slots").select("seats_taken").where("id", "=", id).executeTakeFirstOrThrow()).seats_taken;
  const bookingOf = (reference: string) => server.db.selectFrom("demo_bookings").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
  const settle = () => waitForJobs(server.db);

  it("moves the seat and the booking in one step, keeps the reference, and e-mails the new time with the .ics", async () => {
    const from = await makeSlot(72);
    const to = await makeSlot(96);
    const booked = await book(from, "move.en@example.com");
    const before = await bookingOf(booked.reference);

    const answer = await move(booked.cancelToken, to);
    expect(answer.status).toBe(200);
    const target = await server.db.selectFrom("demo_slots").select("starts_at").where("id", "=", to).executeTakeFirstOrThrow();
    expect(answer.body).toMatchObject({
      message: "Your demo class has moved to the new time. We have e-mailed you the new details.",
      reference: booked.reference,
      startsAt: target.starts_at,
      dateLabel: formatDateLabel(target.starts_at, TZ, "en"),
      confirmationUrl: `/courses/${course.slug}/bookdemoclass/book-demo-class-slot-booked-page?ref=${booked.reference}`,
    });
    expect([await seats(from), await seats(to)]).toEqual([0, 1]);
    const after = await bookingOf(booked.reference);
    expect(after).toMatchObject({
      slot_id: to,
      status: "booked",
      reference: before.reference,
      code: before.code,
      cancel_token: before.cancel_token,
      reminder_sent_at: null,
    });
    // The parent's own action: nothing in the staff audit log.
    expect(await server.countRows("audit_log")).toBe(0);

    await settle();
    const mails = outboxMails(server.config.dataDir).filter((mail) => mail.to === "move.en@example.com");
    const moved = mails.filter((mail) => mail.subject.startsWith("Demo class moved:"));
    expect(moved).toHaveLength(1);
    expect(moved[0]!.subject).toBe(`Demo class moved: ${course.name} on ${formatDateLabel(target.starts_at, TZ, "en")}`);
    expect(moved[0]!.text).toContain("has moved to a new time");
    expect(moved[0]!.text).toContain(`${server.config.publicUrl}/booking/reschedule?token=${booked.cancelToken}`);
    expect(moved[0]!.text).toContain(`${server.config.publicUrl}/booking/cancel?token=${booked.cancelToken}`);
    const ics = Buffer.from(/demo-class\.ics[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(moved[0]!.raw)![1]!.replace(/\s+/g, ""), "base64").toString("utf8");
    expect(ics).toContain(`DTSTART:${target.starts_at.replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z")}`);
    expect(ics).toMatch(/SEQUENCE:\d+/);
    // The confirmation sent at booking already carried the link to this page.
    const confirmation = mails.find((mail) => mail.subject.startsWith("Demo class booked:"))!;
    expect(confirmation.text).toContain(`/booking/reschedule?token=${booked.cancelToken}`);
  });

  it("e-mails an Arabic booking in Arabic", async () => {
    const booked = await book(await makeSlot(72), "move.ar@example.com", "ar");
    expect((await move(booked.cancelToken, await makeSlot(80), "ar")).body.message).toBe(
      "نُقلت حصتك التجريبية إلى الموعد الجديد. أرسلنا إليك التفاصيل الجديدة بالبريد الإلكتروني.",
    );
    await settle();
    const moved = outboxMails(server.config.dataDir).filter((mail) => mail.to === "move.ar@example.com" && mail.subject.startsWith("نُقلت الحصة التجريبية"));
    expect(moved).toHaveLength(1);
    expect(moved[0]!.html).toContain(`<html lang="ar" dir="rtl">`);
    expect(moved[0]!.text).toContain("/ar/booking/reschedule?token=");
  });

  it("refuses the same time, a cancelled booking, a class that started, a full or closed time, another course's time and a time the e-mail holds, changing nothing", async () => {
    const from = await makeSlot(50);
    const booked = await book(from, "refused@example.com");
    const full = await makeSlot(60, 1);
    await book(full, "someone@example.com");
    const closed = await makeSlot(61);
    await server.db.updateTable("demo_slots").set({ status: "closed" }).where("id", "=", closed).execute();
    const otherCourse = await makeSlot(62, 5, otherCourseId);
    const held = await makeSlot(63);
    // A brother holds another time (one free demo per child and course, so not Lina again).
    await book(held, "refused@example.com", "en", "Omar");
    const past = await makeSlot(-5);

    const cases: [unknown, number, string][] = [
      [from, 409, "sameSlot"],
      [full, 409, "full"],
      [closed, 409, "closed"],
      [past, 409, "past"],
      [held, 409, "duplicate"],
      [otherCourse, 404, ""],
      [999_999, 404, ""],
    ];
    for (const [slotId, status, reason] of cases) {
      const answer = await move(booked.cancelToken, slotId);
      expect(answer.status, `slot ${String(slotId)}`).toBe(status);
      expect(typeof answer.body.message).toBe("string");
      if (reason) expect(answer.body.reason).toBe(reason);
    }
    expect((await move("no-such-token-at-all-here", full)).status).toBe(404);
    for (const body of [
      { token: booked.cancelToken },
      { token: booked.cancelToken, slotId: "x" },
      { slotId: full },
      { token: booked.cancelToken, slotId: -1 },
    ]) {
      const answer = await server.request("POST", "/api/demo-bookings/reschedule", { json: body, headers: { origin: server.url } });
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe("string");
    }
    expect([await seats(from), await seats(full), await seats(held)]).toEqual([1, 1, 1]);
    expect((await bookingOf(booked.reference)).slot_id).toBe(from);

    // A class that has started cannot move.
    const open = await makeSlot(90);
    await server.db
      .updateTable("demo_slots")
      .set({ starts_at: new Date(Date.now() - HOUR).toISOString() })
      .where("id", "=", from)
      .execute();
    const started = await move(booked.cancelToken, open);
    expect(started.status).toBe(409);
    expect(started.body).toMatchObject({ reason: "started", message: "This class has already started, so it cannot be moved." });

    // Nor a cancelled booking.
    const other = await book(await makeSlot(70), "cancelled@example.com");
    expect((await server.request("POST", "/api/demo-bookings/cancel", { json: { token: other.cancelToken }, headers: { origin: server.url } })).status).toBe(
      200,
    );
    const cancelled = await move(other.cancelToken, open);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body).toMatchObject({ reason: "cancelled", message: "This booking is cancelled, so it cannot be moved." });
    expect(await seats(open)).toBe(0);
  });

  it("shows the reschedule link on the owner's /account for upcoming live bookings", async () => {
    const parent = await server.signIn("user");
    const answer = await server.request("POST", `/api/courses/${course.slug}/demo-bookings`, {
      json: {
        slotId: await makeSlot(100),
        childName: "Omar",
        childAge: 10,
        parentName: "Sara",
        email: parent.user.email,
        phone: "9876543210",
        ageConfirmed: true,
      },
      headers: { cookie: parent.cookie, origin: server.url },
    });
    expect(answer.status).toBe(201);
    const account = await server.request("GET", "/api/account", { headers: { cookie: parent.cookie } });
    const [upcoming] = account.body.bookings.upcoming;
    expect(upcoming.rescheduleUrl).toMatch(/^\/booking\/reschedule\?token=[\w-]+$/);
    expect(upcoming.rescheduleUrl.replace("reschedule", "cancel")).toBe(upcoming.cancelUrl);
  });

  it("200 simultaneous moves into one small slot: never over capacity, every booking holds exactly one seat, no seat lost", async () => {
    const MOVES = 200;
    const CAPACITY = 5;
    const sources = await Promise.all(Array.from({ length: 10 }, () => makeSlot(150, 40)));
    const target = await makeSlot(200, CAPACITY);
    // The bookings to move, made ten at a time (one per source slot) to keep the set-up short.
    const bookings: { token: string; slotId: number }[] = [];
    for (let i = 0; i < MOVES; i += sources.length) {
      const made = await Promise.all(sources.map(async (slotId, j) => ({ token: (await book(slotId, `race-${i + j}@example.com`)).cancelToken, slotId })));
      bookings.push(...made);
    }
    const answers = await Promise.all(bookings.map((booking) => move(booking.token, target)));
    const statuses = answers.map((answer) => answer.status);
    const moved = statuses.filter((status) => status === 200).length;
    const refused = statuses.filter((status) => status === 409).length;

    const slotIds = [...sources, target];
    const slots = await server.db.selectFrom("demo_slots").select(["id", "seats_taken", "capacity"]).where("id", "in", slotIds).execute();
    const live = await server.db
      .selectFrom("demo_bookings")
      .select(["slot_id", sql<number>`count(*)`.as("n")])
      .where("slot_id", "in", slotIds)
      .where("status", "<>", "cancelled")
      .groupBy("slot_id")
      .execute();
    const liveBySlot = new Map(live.map((row) => [row.slot_id, Number(row.n)]));
    const seatSum = slots.reduce((sum, slot) => sum + slot.seats_taken, 0);
    const liveSum = [...liveBySlot.values()].reduce((sum, n) => sum + n, 0);
    const targetSeats = slots.find((slot) => slot.id === target)!.seats_taken;
    console.log(
      `[reschedule race] ${MOVES} moves into capacity ${CAPACITY}: 200=${moved}, 409=${refused}, other=${MOVES - moved - refused}; target seats_taken=${targetSeats}; seats held in all slots=${seatSum}, live bookings=${liveSum}`,
    );

    expect(moved).toBe(CAPACITY);
    expect(refused).toBe(MOVES - CAPACITY);
    expect(targetSeats).toBe(CAPACITY);
    for (const slot of slots) {
      expect(slot.seats_taken).toBeLessThanOrEqual(slot.capacity);
      expect(slot.seats_taken, `slot ${slot.id}`).toBe(liveBySlot.get(slot.id) ?? 0);
    }
    expect(liveSum).toBe(MOVES);
    expect(seatSum).toBe(MOVES);
  }, 60_000);

  it("crossing moves (A to B and B to A at once) all succeed without a deadlock, and every seat is accounted for", async () => {
    const a = await makeSlot(300, 60);
    const b = await makeSlot(301, 60);
    const pairs: { token: string; to: number }[] = [];
    for (let i = 0; i < 40; i++) {
      const from = i % 2 === 0 ? a : b;
      pairs.push({ token: (await book(from, `cross-${i}@example.com`)).cancelToken, to: from === a ? b : a });
    }
    // The same booking twice at once, to two different slots: the moves queue on its row and run
    // one after the other, so it ends in one of them holding exactly one seat.
    const twice = pairs[0]!;
    const c = await makeSlot(302, 60);
    const answers = await Promise.all([...pairs.map((pair) => move(pair.token, pair.to)), move(twice.token, c)]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(40);
    const counts = await server.db.selectFrom("demo_slots").select(["id", "seats_taken"]).where("id", "in", [a, b, c]).execute();
    const live = await server.db.selectFrom("demo_bookings").select("slot_id").where("slot_id", "in", [a, b, c]).where("status", "<>", "cancelled").execute();
    for (const slot of counts) expect(slot.seats_taken).toBe(live.filter((row) => row.slot_id === slot.id).length);
    expect(counts.reduce((sum, slot) => sum + slot.seats_taken, 0)).toBe(40);
  });
});
