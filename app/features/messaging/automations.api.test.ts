import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "~server/test/harness";
import { startMessagingServer, type MessagingFixture } from "~server/test/messaging-fixture";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { nowIso } from "~server/db/values";
import { handleJob } from "~server/jobs/job";
import { startJobWorker } from "~server/jobs/worker";
import { createLogger } from "~server/logger";
import { isPostgres, type DB } from "~server/db/db";
import { offerSeats, SLOT_LINE } from "~/features/booking/waitlist-offers.server";
import { saveChoices } from "./preferences.server";
import { sweepTrialFollowUps, TRIAL_FOLLOW_UP_EVERY_MS, trialFollowUpJob } from "~/features/booking/trial-follow-up-automation.server";
import { sweepUnpaidInvoices } from "~/features/billing/instalments/unpaid-invoice-automation.server";
import { sweepAbsenceAlerts } from "~/features/makeups/absence-alert-automation.server";

/** Every time-driven automation's sweep, as their jobs run them. */
const runAutomations = async (db: DB) => {
  await sweepTrialFollowUps(db);
  await sweepUnpaidInvoices(db);
  await sweepAbsenceAlerts(db);
};

const DAY = 86_400_000;

/**
 * Automations (issue 43 item 5, decision 140): each switched on with its N by staff, sent through
 * queueMessage once per event and at most once per family per throttle, even with two runs (or
 * three instances' job workers) at once; recorded with automation and event; counted in its
 * conversion figure.
 */
describe("messaging: automations", () => {
  let fixture: MessagingFixture;
  let server: TestServer;
  let staff: MessagingFixture["staff"];

  beforeAll(async () => {
    // No provider: the automations' messages are what they queue.
    fixture = await startMessagingServer({ standIns: false });
    ({ server, staff } = fixture);
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  const save = (key: string, json: unknown, headers = staff) => server.request("PUT", `/api/admin/messaging/automations/${key}`, { json, headers });
  const family = () => `family-${randomBytes(4).toString("hex")}@example.com`;
  const eventsOf = (automation: string) =>
    server.db.selectFrom("messaging_automation_events").selectAll().where("automation", "=", automation).orderBy("id").execute();
  const messagesOf = (email: string) => server.db.selectFrom("messages").selectAll().where("email", "=", email).orderBy("id").execute();
  /**
   * Another instance's connection. PostgreSQL: a pool of its own. SQLite: the same handle (a second
   * handle in this process would block the event loop while waiting for the lock; the runs still
   * interleave between their transactions, and the three-process test in messaging.api.test.ts
   * covers separate SQLite connections).
   */
  const instanceDb = () => (isPostgres(server.db) ? server.openDb() : server.db);
  const release = (db: DB) => (db === server.db ? Promise.resolve() : db.destroy());
  /** Two runs at once, as two instances' job workers would. */
  async function twoRunsAtOnce() {
    const [a, b] = [instanceDb(), instanceDb()];
    try {
      await Promise.all([runAutomations(a), runAutomations(b)]);
    } finally {
      await Promise.all([release(a), release(b)]);
    }
  }
  async function demoBooking(email: string, daysAgo: number, childName = "Maya") {
    const now = nowIso();
    const course = await server.db.selectFrom("courses").select(["id", "name_en"]).where("slug", "=", "python-for-beginners").executeTakeFirstOrThrow();
    const slot = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
        duration_minutes: 60,
        capacity: 5,
        course_id: course.id,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await server.db
      .insertInto("demo_bookings")
      .values({
        reference: randomBytes(8).toString("hex"),
        cancel_token: randomBytes(8).toString("hex"),
        slot_id: slot.id,
        course_id: course.id,
        course_name: course.name_en,
        child_name: childName,
        child_age: 10,
        parent_name: "Hana",
        email,
        phone: "+919876543210",
        lang: "en",
        status: "attended",
        user_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function invoice(email: string, dueDaysAgo: number) {
    const now = nowIso();
    const row = await server.db
      .insertInto("invoices")
      .values({
        number: `INV-T-${randomBytes(4).toString("hex")}`,
        family_key: email,
        email,
        parent_name: "Hana",
        user_id: null,
        lang: "en",
        currency: "INR",
        offer_kind: "section",
        enrolment_id: null,
        camp_enrolment_id: null,
        child_name: "Maya",
        description_en: "Robotics",
        description_ar: "الروبوتات",
        total_minor: 500_000,
        issued_at: now,
        due_on: new Date(Date.now() - dueDaysAgo * DAY).toISOString().slice(0, 10),
        created_at: now,
        updated_at: now,
      })
      .returning(["id", "number"])
      .executeTakeFirstOrThrow();
    return row;
  }

  it("staff switch an automation on with its N and throttle (audited); a wrong N is refused on its field; others may not", async () => {
    const before = await server.request("GET", "/api/admin/messaging/automations", { headers: staff });
    expect(before.status).toBe(200);
    expect(before.body.automations.map((row: { key: string; enabled: boolean }) => [row.key, row.enabled])).toEqual([
      ["trial_follow_up", false],
      ["unpaid_invoice", false],
      ["waitlist_offer", true],
      ["absence_alert", false],
    ]);
    const saved = await save("unpaid_invoice", { enabled: true, days: 5, throttleDays: 7 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await server.request("GET", "/api/admin/messaging/automations", { headers: staff });
    expect(after.body.automations[1]).toMatchObject({ key: "unpaid_invoice", enabled: true, days: 5, throttleDays: 7 });
    const audit = await server.db.selectFrom("audit_log").select(["action", "entity_id"]).where("entity", "=", "message_automation").execute();
    expect(audit).toEqual([{ action: "update", entity_id: "unpaid_invoice" }]);

    expect((await save("unpaid_invoice", { enabled: true, days: 0, throttleDays: 7 })).body.errors).toHaveProperty("days");
    expect((await save("waitlist_offer", { enabled: true, days: 3, throttleDays: 0 })).status).toBe(400);
    expect((await save("unpaid_invoice", { enabled: "yes", throttleDays: -1 })).status).toBe(400);
    expect((await save("nothing", { enabled: true, throttleDays: 1 })).status).toBe(404);
    const parent = await server.signIn("user");
    expect((await save("unpaid_invoice", { enabled: false, throttleDays: 1 }, { cookie: parent.cookie, origin: server.url })).status).toBe(403);
    expect((await server.request("GET", "/api/admin/messaging/automations")).status).toBe(401);
  });

  it("unpaid invoice: N days overdue, once per event and at most once per family per throttle with two runs at once; paid within 7 days converts", async () => {
    await save("unpaid_invoice", { enabled: true, days: 5, throttleDays: 7 });
    const [twice, single] = [family(), family()];
    const first = await invoice(twice, 6);
    await invoice(twice, 7);
    const other = await invoice(single, 6);
    await invoice(single, 3); // overdue by 3 days only: not yet
    await twoRunsAtOnce();
    await twoRunsAtOnce();
    const events = await eventsOf("unpaid_invoice");
    expect(events.filter((row) => row.email === twice).map((row) => row.outcome)).toEqual(["sent", "throttled"]);
    expect(events.filter((row) => row.email === single).map((row) => [row.subject_id, row.outcome])).toEqual([[other.id, "sent"]]);
    const [message] = await messagesOf(twice);
    expect((await messagesOf(twice)).map((row) => row.template)).toEqual(["unpaid_invoice"]);
    expect(events.find((row) => row.email === twice && row.outcome === "sent")!.message_id).toBe(message!.id);

    // The family pays the invoice the message was about: converted (1 of 1; the other's 7 days are not over).
    await server.db.updateTable("invoices").set({ status: "paid" }).where("id", "=", first.id).execute();
    const sentFor = events.find((row) => row.email === twice && row.outcome === "sent")!.subject_id;
    await server.db.updateTable("invoices").set({ status: "paid" }).where("id", "=", sentFor).execute();
    const now = nowIso();
    await server.db
      .insertInto("payments")
      .values({
        invoice_id: sentFor,
        family_key: twice,
        currency: "INR",
        kind: "payment",
        method: "cash",
        amount_minor: 500_000,
        received_at: now,
        created_at: now,
      })
      .execute();
    const figures = (await server.request("GET", "/api/admin/messaging/automations", { headers: staff })).body;
    expect(figures.conversions.find((row: { key: string }) => row.key === "unpaid_invoice")).toEqual({ key: "unpaid_invoice", counted: 1, converted: 1 });
    expect(figures.audit.some((row: { event: string; outcome: string }) => row.event === `invoice:${sentFor}` && row.outcome === "sent")).toBe(true);
  });

  it(
    "trial follow-up: attended N days ago and not enrolled, news only with the opt-in; three instances' job workers send once",
    { timeout: 60_000 },
    async () => {
      await save("trial_follow_up", { enabled: true, days: 3, throttleDays: 30 });
      const [optedIn, noNews, enrolled] = [family(), family(), family()];
      await saveChoices(server.db, optedIn, { lang: "ar", changes: [{ choice: "news", granted: true, text: "news" }], source: "account" });
      const booking = await demoBooking(optedIn, 4);
      await demoBooking(noNews, 4);
      await demoBooking(enrolled, 4, "Omar");
      await demoBooking(family(), 1); // attended yesterday: not yet
      const group = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() + 10 * DAY), children: 1 });
      await server.db
        .updateTable("section_enrolments")
        .set({ email: enrolled, child_name: "Omar", child_key: "omar" })
        .where("id", "=", group.enrolmentIds[0]!)
        .execute();

      // Three instances: each worker adds the period's job (one row by its unique key) and one of them runs it.
      const dbs: DB[] = [instanceDb(), instanceDb(), instanceDb()];
      const logger = createLogger("silent");
      const workers = dbs.map((db) =>
        startJobWorker({ db, logger }, [handleJob(trialFollowUpJob, () => sweepTrialFollowUps(db).then(() => undefined))], {
          pollMs: 60_000,
          periodic: [{ job: trialFollowUpJob, everyMs: TRIAL_FOLLOW_UP_EVERY_MS }],
        }),
      );
      try {
        await Promise.all(workers.map((worker) => worker.runDue()));
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
        await Promise.all(dbs.map(release));
      }
      expect(await server.db.selectFrom("jobs").select("id").where("kind", "=", "trial-follow-up-automation").execute()).toHaveLength(1);
      const events = await eventsOf("trial_follow_up");
      expect(events.map((row) => [row.email, row.outcome])).toEqual([
        [optedIn, "sent"],
        [noNews, "no_consent"],
      ]);
      const messages = await messagesOf(optedIn);
      expect(messages.map((row) => [row.template, row.category])).toEqual([["trial_follow_up", "news"]]);
      expect(await messagesOf(noNews)).toEqual([]);
      expect(events[0]!.subject_id).toBe(booking);

      // Enrolled in a group within 14 days after the message: converted.
      const later = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() + 10 * DAY), children: 1 });
      await server.db.updateTable("section_enrolments").set({ email: optedIn }).where("id", "=", later.enrolmentIds[0]!).execute();
      const figures = (await server.request("GET", "/api/admin/messaging/automations", { headers: staff })).body;
      expect(figures.conversions.find((row: { key: string }) => row.key === "trial_follow_up")).toEqual({ key: "trial_follow_up", counted: 1, converted: 1 });
    },
  );

  it("absence alert: a child marked absent (not reported by the family) alerted once, two runs at once; off, nothing", async () => {
    const group = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() - 2 * 3_600_000), children: 3 });
    const rows = await server.db.selectFrom("section_enrolments").select(["id", "email"]).where("section_id", "=", group.sectionId).orderBy("id").execute();
    const marked = new Date(Date.now() - 30 * 60_000).toISOString();
    const mark = (enrolmentId: number, status: "absent" | "present") =>
      server.db
        .insertInto("meeting_attendance")
        .values({ meeting_id: group.meetingId, enrolment_id: enrolmentId, status, marked_by: null, created_at: marked, updated_at: marked })
        .execute();
    await mark(rows[0]!.id, "absent");
    await mark(rows[1]!.id, "absent");
    await mark(rows[2]!.id, "present");
    // The second family told us beforehand: no alert.
    await server.db
      .insertInto("meeting_absences")
      .values({
        meeting_id: group.meetingId,
        enrolment_id: rows[1]!.id,
        reported_via: "account",
        user_id: null,
        with_notice: 1,
        created_at: marked,
        updated_at: marked,
      })
      .execute();
    await twoRunsAtOnce();
    expect(await eventsOf("absence_alert")).toEqual([]);

    await save("absence_alert", { enabled: true, throttleDays: 1 });
    await twoRunsAtOnce();
    await twoRunsAtOnce();
    const events = await eventsOf("absence_alert");
    expect(events.map((row) => [row.email, row.outcome])).toEqual([[rows[0]!.email.toLowerCase(), "sent"]]);
    const [message] = await messagesOf(rows[0]!.email.toLowerCase());
    expect(message!.template).toBe("absence_alert");
    expect(message!.category).toBe("service");
  });

  it("waitlist offer: the offer's message goes through the automation (recorded, accepted converts); switched off, the e-mail alone", async () => {
    const now = nowIso();
    const course = await server.db.selectFrom("courses").select("id").where("slug", "=", "python-for-beginners").executeTakeFirstOrThrow();
    const slotRow = (capacity: number) =>
      server.db
        .insertInto("demo_slots")
        .values({
          starts_at: new Date(Date.now() + 3 * DAY).toISOString(),
          duration_minutes: 60,
          capacity,
          course_id: course.id,
          status: "open",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const wait = async (slotId: number, email: string) => {
      await fixture.choose(email, { sms: true });
      return server.db
        .insertInto("slot_waitlist")
        .values({
          slot_id: slotId,
          course_id: course.id,
          token: randomBytes(12).toString("hex"),
          email,
          parent_name: "Hana",
          child_name: "Maya",
          child_age: 10,
          phone: "+971500000000",
          lang: "en",
          status: "waiting",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    };
    const [on, off] = [family(), family()];
    const first = await slotRow(1);
    const entry = await wait(first.id, on);
    expect(await server.db.transaction().execute((trx) => offerSeats(trx, SLOT_LINE, first.id, nowIso()))).toBe(1);
    const [event] = await eventsOf("waitlist_offer");
    expect([event!.email, event!.subject_id, event!.outcome]).toEqual([on, entry.id, "sent"]);
    expect((await messagesOf(on)).map((row) => row.template)).toEqual(["waitlist_offer"]);
    await server.db.updateTable("slot_waitlist").set({ status: "booked" }).where("id", "=", entry.id).execute();
    const figures = (await server.request("GET", "/api/admin/messaging/automations", { headers: staff })).body;
    expect(figures.conversions.find((row: { key: string }) => row.key === "waitlist_offer")).toEqual({ key: "waitlist_offer", counted: 1, converted: 1 });

    await save("waitlist_offer", { enabled: false, throttleDays: 0 });
    const second = await slotRow(1);
    await wait(second.id, off);
    expect(await server.db.transaction().execute((trx) => offerSeats(trx, SLOT_LINE, second.id, nowIso()))).toBe(1);
    expect(await messagesOf(off)).toEqual([]);
    expect(await eventsOf("waitlist_offer")).toHaveLength(1);
  });
});
