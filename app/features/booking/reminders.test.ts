import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import type { Lang } from "~/i18n/lang";
import { bookSlot, findCourse } from "./booking.server";
import { bookingReminder } from "./booking-mail.server";
import { bookingReminderSweepJob } from "./booking.jobs.server";
import { deliverNow, mailJobsOf } from "~server/test/mail-jobs";
import { sweepDueReminders } from "./reminders.server";
import { formatDateLabel, formatTimeLabel } from "~/kernel/slot-format";

const TZ = "Asia/Kolkata";
const HOUR = 3_600_000;
const run = promisify(execFile);
const REMINDER = { en: "Reminder: ", ar: "تذكير: " };

describe("demo class reminders 24 hours ahead, exactly once (issue 17, decision 029)", () => {
  let server: TestServer;
  let course: NonNullable<Awaited<ReturnType<typeof findCourse>>>;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer();
    course = (await findCourse(server.db, "python-for-beginners", "en"))!;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function makeSlot(hoursAhead: number, capacity = 50) {
    const now = nowIso();
    const row = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: new Date(Date.now() + hoursAhead * HOUR + ++counter * 60_000).toISOString(),
        duration_minutes: 60,
        capacity,
        course_id: course.id,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function book(slotId: number, email: string, lang: Lang = "en") {
    const result = await bookSlot(
      server.db,
      { slotId, childName: "Maya", childAge: 10, parentName: "Hana", email, phone: "+91 98765 43210" },
      { course, userId: null, lang, timeZone: TZ, linkSecret: server.config.sessionSecret, perFamily: 3 },
    );
    if (!result.ok) throw new Error(`booking failed: ${result.reason}`);
    return result;
  }
  /** Time passes: the slot now starts `hoursAhead` from now (it was booked further ahead). */
  const startIn = (slotId: number, hoursAhead: number) =>
    server.db
      .updateTable("demo_slots")
      .set({ starts_at: new Date(Date.now() + hoursAhead * HOUR).toISOString() })
      .where("id", "=", slotId)
      .execute();
  const remindersTo = (email: string) =>
    outboxMails(server.config.dataDir).filter((mail) => mail.to === email && (mail.subject.startsWith(REMINDER.en) || mail.subject.startsWith(REMINDER.ar)));
  const settle = (db: DB = server.db) => waitForJobs(db);

  /** Another app instance in its own process (server/test/reminder-instance.ts); resolves with what its direct sweeps claimed. */
  async function runInstance(): Promise<number> {
    const { database } = server.config;
    const { stdout } = await run(process.execPath, ["--import", "tsx", "server/test/reminder-instance.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: database.kind === "sqlite" ? `sqlite:${database.file}` : database.url,
        DATA_DIR: server.config.dataDir,
        SWEEPS: "10",
      },
      timeout: 60_000,
    });
    return (JSON.parse(stdout.trim().split("\n").at(-1)!) as { claimed: number }).claimed;
  }

  it(
    "two more instances (processes) sweeping and sending with this one: each due booking is reminded exactly once, also after a restart",
    { timeout: 120_000 },
    async () => {
      const BOOKINGS = 40;
      const slots = [await makeSlot(40), await makeSlot(41), await makeSlot(42), await makeSlot(43)];
      const emails: string[] = [];
      for (let i = 0; i < BOOKINGS; i++) {
        emails.push(`remind-${i}@example.com`);
        await book(slots[i % slots.length]!, emails[i]!, i % 2 === 0 ? "en" : "ar");
      }
      // Not due: a class two days away, and a cancelled booking of a due class.
      const later = await makeSlot(48);
      await book(later, "later@example.com");
      const cancelled = await book(slots[0]!, "cancelled@example.com");
      expect(
        (await server.request("POST", "/api/demo-bookings/cancel", { json: { token: cancelled.cancelToken }, headers: { origin: server.url } })).status,
      ).toBe(200);
      await settle();
      for (const [i, slot] of slots.entries()) await startIn(slot, 23 + i * 0.1);

      // Two more instances, each its own process with its own connection and job worker (periodic
      // sweep on) and ten sweeps at once, racing each other and this process's worker for the mails.
      const runs = await Promise.all([runInstance(), runInstance()]);
      await settle();
      // This instance sweeps too once they are done (a late instance finds nothing left).
      const claimedHere = (await Promise.all(Array.from({ length: 10 }, () => sweepDueReminders(server.db)))).reduce((sum, n) => sum + n, 0);
      await settle();
      const claimedThere = runs[0] + runs[1];
      const sweepJobs = (await server.db.selectFrom("jobs").select("id").where("kind", "=", bookingReminderSweepJob.kind).execute()).length;
      const mailsPerBooking = emails.map((email) => remindersTo(email).length);
      const reminderJobs = (await mailJobsOf(server.db, bookingReminder).execute()).length;
      console.log(
        `[reminders] ${BOOKINGS} due bookings; 2 instance processes x 10 concurrent sweeps, plus ${sweepJobs} periodic sweep job(s): claimed by instance B=${runs[0]}, instance C=${runs[1]}, this one afterwards=${claimedHere}, by the periodic job=${BOOKINGS - claimedHere - claimedThere}; reminder jobs=${reminderJobs}; reminder e-mails sent=${mailsPerBooking.reduce((a, b) => a + b, 0)}; min/max per booking=${Math.min(...mailsPerBooking)}/${Math.max(...mailsPerBooking)}`,
      );
      expect(mailsPerBooking).toEqual(emails.map(() => 1));
      expect(reminderJobs).toBe(BOOKINGS);
      expect(remindersTo("later@example.com")).toHaveLength(0);
      expect(remindersTo("cancelled@example.com")).toHaveLength(0);

      // A restart: fresh instances sweep again, and nobody hears twice.
      expect(await Promise.all([runInstance(), runInstance()])).toEqual([0, 0]);
      await settle();
      expect(emails.map((email) => remindersTo(email).length)).toEqual(emails.map(() => 1));
    },
  );

  it("says the course, date and time in the academy's zone, with the .ics and the reschedule and cancel links, in the booking's language", async () => {
    const slot = await makeSlot(60);
    const en = await book(slot, "words.en@example.com", "en");
    const ar = await book(slot, "words.ar@example.com", "ar");
    await startIn(slot, 20);
    expect(await sweepDueReminders(server.db)).toBe(2);
    await settle();
    const { starts_at } = await server.db.selectFrom("demo_slots").select("starts_at").where("id", "=", slot).executeTakeFirstOrThrow();

    const [english] = remindersTo("words.en@example.com");
    expect(english!.subject).toBe(`Reminder: ${course.name} demo class on ${formatDateLabel(starts_at, TZ, "en")} at ${formatTimeLabel(starts_at, TZ, "en")}`);
    expect(english!.text).toContain("is coming up soon");
    expect(english!.text).toContain(`Time: ${formatTimeLabel(starts_at, TZ, "en")} India Standard Time (Asia/Kolkata)`);
    expect(english!.text).toContain(`${server.config.publicUrl}/booking/reschedule?token=${en.cancelToken}`);
    expect(english!.text).toContain(`${server.config.publicUrl}/booking/cancel?token=${en.cancelToken}`);
    expect(english!.raw).toMatch(/demo-class\.ics/);

    const [arabic] = remindersTo("words.ar@example.com");
    const arCourse = (await findCourse(server.db, course.slug, "ar"))!;
    expect(arabic!.subject).toBe(
      `تذكير: الحصة التجريبية لدورة ${arCourse.name} يوم ${formatDateLabel(starts_at, TZ, "ar")} الساعة ${formatTimeLabel(starts_at, TZ, "ar")}`,
    );
    expect(arabic!.html).toContain(`<html lang="ar" dir="rtl">`);
    expect(arabic!.text).toContain(`/ar/booking/reschedule?token=${ar.cancelToken}`);
  });

  it("a booking made less than a day ahead gets no reminder (its confirmation says it); a move re-arms the reminder for the new time, and a reminder queued before the move is dropped", async () => {
    const soon = await makeSlot(5);
    await book(soon, "soon@example.com");
    const slot = await makeSlot(60);
    const booked = await book(slot, "moved@example.com");
    await startIn(slot, 22);
    expect(await sweepDueReminders(server.db)).toBe(1);
    await settle();
    expect(remindersTo("moved@example.com")).toHaveLength(1);
    const old = await server.db.selectFrom("demo_slots").select("starts_at").where("id", "=", slot).executeTakeFirstOrThrow();

    // Moved to a class three days away: reminded again when that one is a day away.
    const target = await makeSlot(72);
    expect(
      (await server.request("POST", "/api/demo-bookings/reschedule", { json: { token: booked.cancelToken, slotId: target }, headers: { origin: server.url } }))
        .status,
    ).toBe(200);
    expect(
      (await server.db.selectFrom("demo_bookings").select("reminder_sent_at").where("reference", "=", booked.reference).executeTakeFirstOrThrow())
        .reminder_sent_at,
    ).toBeNull();
    expect(await sweepDueReminders(server.db)).toBe(0);
    // A reminder about the old time that was still queued is stale: it sends nothing.
    await deliverNow({ db: server.db, config: server.config, logger: createLogger("silent") }, bookingReminder, {
      to: "moved@example.com",
      data: { reference: booked.reference, startsAt: old.starts_at },
    });
    expect(remindersTo("moved@example.com")).toHaveLength(1);
    await startIn(target, 23);
    expect(await sweepDueReminders(server.db)).toBe(1);
    await settle();
    const reminders = remindersTo("moved@example.com");
    expect(reminders).toHaveLength(2);
    const { starts_at } = await server.db.selectFrom("demo_slots").select("starts_at").where("id", "=", target).executeTakeFirstOrThrow();
    expect(reminders.some((mail) => mail.subject.includes(formatTimeLabel(starts_at, TZ, "en")))).toBe(true);

    // Moved to a class within the day: the new-time e-mail is the reminder.
    const sameDay = await makeSlot(6);
    expect(
      (await server.request("POST", "/api/demo-bookings/reschedule", { json: { token: booked.cancelToken, slotId: sameDay }, headers: { origin: server.url } }))
        .status,
    ).toBe(200);
    expect(await sweepDueReminders(server.db)).toBe(0);
    await settle();
    expect(remindersTo("moved@example.com")).toHaveLength(2);
    expect(remindersTo("soon@example.com")).toHaveLength(0);
  });
});
