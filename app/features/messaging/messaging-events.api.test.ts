import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "~server/test/harness";
import { startMessagingServer, type MessagingFixture, type WithStandIns } from "~server/test/messaging-fixture";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { bookSlot, findCourse } from "~/features/booking/booking.server";
import { sweepDueReminders } from "~/features/booking/reminders.server";
import { claimFollowup } from "~/features/booking/followup.server";
import { offerSeats, SLOT_LINE } from "~/features/booking/waitlist-offers.server";
import { sweepMeetingReminders } from "~/features/makeups/meeting-reminders.server";
import { reportAbsence } from "~/features/makeups/makeups.server";
import { invoiceListPriceEnrolment } from "~/features/billing/enrolment-invoice.server";
import { recordPayment } from "~/features/billing/ledger.server";
import { sweepInstalmentReminders } from "~/features/billing/instalments/instalment-reminders.server";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { queueMessage } from "./index.server";
import { actionOnlyBuild } from "~server/test/action-only-build";
import { bookingFormAction } from "~/features/booking/booking.action.server";

const HOUR = 3_600_000;

/**
 * Each event of issue 43 reaches a family who chose WhatsApp, once, from where it happens, in the
 * caller's transaction (decision 127): demo reminder, class tomorrow, class cancelled and moved,
 * absence, make-up credit, waitlist offer, invoice with its pay link, instalment due and overdue,
 * receipt (the trial follow-up is an automation now: automations.api.test.ts). A family without WhatsApp or SMS gets no
 * message row at all (their e-mails are unchanged).
 */
describe("messaging: every event through queueMessage", () => {
  let fixture: MessagingFixture & WithStandIns;
  let server: TestServer;
  let staff: MessagingFixture["staff"];

  beforeAll(async () => {
    // The booking page's action (its form posted without JavaScript) through the real app.
    fixture = await startMessagingServer({ pages: { build: actionOnlyBuild({ "courses/:course/bookdemoclass": bookingFormAction }) } });
    ({ server, staff } = fixture);
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  /** The family of `email` chose SMS (always outside WhatsApp's rules), in `lang`, news as given. */
  const chooseSms = (email: string, lang: "en" | "ar" = "en", news = false) => fixture.choose(email, { sms: true, news }, lang);
  const messagesOf = (email: string) => server.db.selectFrom("messages").selectAll().where("email", "=", email.toLowerCase()).orderBy("id").execute();
  const templatesOf = async (email: string) => (await messagesOf(email)).map((row) => row.template);
  const settle = () => fixture.settle(["message-send", "mail"]);
  async function demoSlot(startsIn: number, capacity = 5) {
    const course = (await findCourse(server.db, "python-for-beginners", "en"))!;
    const now = new Date().toISOString();
    const slot = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: new Date(Date.now() + startsIn).toISOString(),
        duration_minutes: 60,
        capacity,
        course_id: course.id,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { course, slotId: slot.id };
  }

  it("demo: the reminder; marking attended queues no message (the trial follow-up is an automation, decision 140)", async () => {
    // Booked 30 hours ahead (a booking inside 24 hours needs no reminder); the sweep runs 7 hours later.
    const { course, slotId } = await demoSlot(30 * HOUR);
    const options = { course, userId: null, lang: "en" as const, timeZone: "Asia/Kolkata", linkSecret: server.config.sessionSecret, perFamily: 3 };
    const [news, noNews, none] = ["demo-news@example.com", "demo-nonews@example.com", "demo-none@example.com"];
    await chooseSms(news, "en", true);
    await chooseSms(noNews, "ar", false);
    const ids: number[] = [];
    for (const email of [news, noNews, none]) {
      const booked = await bookSlot(server.db, { slotId, childName: "Maya", childAge: 10, parentName: "Hana", email, phone: "+91 98765 43210" }, options);
      expect(booked.ok).toBe(true);
      ids.push((await server.db.selectFrom("demo_bookings").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id);
    }
    const later = new Date(Date.now() + 7 * HOUR);
    await sweepDueReminders(server.db, later);
    await sweepDueReminders(server.db, later);
    for (const id of ids) await server.db.updateTable("demo_bookings").set({ status: "attended" }).where("id", "=", id).execute();
    for (const id of [...ids, ...ids]) await server.db.transaction().execute((trx) => claimFollowup(trx, id));
    await settle();
    expect(await templatesOf(news)).toEqual(["demo_booking_confirmation", "demo_booking_reminder"]);
    expect(await templatesOf(noNews)).toEqual(["demo_booking_confirmation", "demo_booking_reminder"]);
    expect(await templatesOf(none)).toEqual([]);
    const [, reminder] = await messagesOf(news);
    expect([reminder!.status, reminder!.channel]).toEqual(["sent", "sms"]);
    expect(reminder!.body).toContain("Reminder: Maya's demo class");
    // Arabic family: the reminder in Arabic.
    const arabic = await messagesOf(noNews);
    expect(arabic[1]!.body).toContain("تذكير");
  });

  it("a group's class: tomorrow's reminder, an absence with its make-up credit, cancelled and moved (urgent), each once", async () => {
    const group = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() + 10 * HOUR), children: 2 });
    const families = await server.db.selectFrom("section_enrolments").select(["id", "email"]).where("id", "in", group.enrolmentIds).orderBy("id").execute();
    const [chose, other] = families as [(typeof families)[0], (typeof families)[0]];
    await chooseSms(chose.email, "ar");
    await sweepMeetingReminders(server.db);
    await sweepMeetingReminders(server.db);
    // A second class three days on: the family reports the absence with notice (a credit), staff then move and cancel it.
    const later = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() + 72 * HOUR), children: 0 });
    await server.db.updateTable("section_enrolments").set({ section_id: later.sectionId }).where("id", "=", chose.id).execute();
    const rules = { absenceNoticeHours: 24, makeupCreditDays: 30 };
    const absence = await reportAbsence(server.db, { enrolmentId: chose.id, meetingId: later.meetingId, reason: "ill", via: "link", userId: null }, rules);
    expect(absence.ok).toBe(true);
    const moveTo = addDays(zonedParts(new Date(Date.now() + 96 * HOUR), "Asia/Kolkata").date, 0);
    const moved = await server.request("POST", `/api/admin/section-meetings/${later.meetingId}/move`, {
      json: { date: moveTo, time: "11:00" },
      headers: staff,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const cancelled = await server.request("POST", `/api/admin/section-meetings/${later.meetingId}/cancel`, { json: { confirm: true }, headers: staff });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await settle();
    expect(await templatesOf(chose.email)).toEqual(["class_tomorrow", "absence_recorded", "makeup_credit", "class_moved", "class_cancelled"]);
    expect(await templatesOf(other.email)).toEqual([]);
    const sent = await messagesOf(chose.email);
    expect(sent.map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
    expect(sent[0]!.body).toContain("أساسيات الروبوتات");
    expect(sent[2]!.body).toContain("30");
    expect(sent.slice(3).map((row) => row.urgent)).toEqual([1, 1]);
  });

  it("a waitlist offer with its hold time", async () => {
    const { slotId } = await demoSlot(48 * HOUR, 1);
    const email = "offer-family@example.com";
    await chooseSms(email);
    const now = new Date().toISOString();
    await server.db
      .insertInto("slot_waitlist")
      .values({
        slot_id: slotId,
        course_id: null,
        token: `t-${Date.now()}`,
        child_name: "Sami",
        child_age: 12,
        parent_name: "Huda",
        email,
        phone: "9876543210",
        lang: "en",
        status: "waiting",
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await server.db.transaction().execute((trx) => offerSeats(trx, SLOT_LINE, slotId, now))).toBe(1);
    await settle();
    const [offer] = await messagesOf(email);
    expect([offer!.template, offer!.status]).toEqual(["waitlist_offer", "sent"]);
    expect(offer!.body).toMatch(/A seat in Python for Beginners is free and held for you until .+\./);
  });

  it("billing: the invoice with its pay link, instalments due and overdue, the receipt, each once", async () => {
    const group = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() + 240 * HOUR), children: 1 });
    const family = await server.db.selectFrom("section_enrolments").select(["id", "email"]).where("id", "=", group.enrolmentIds[0]!).executeTakeFirstOrThrow();
    await chooseSms(family.email);
    const invoice = (await server.db.transaction().execute((trx) => invoiceListPriceEnrolment(trx, family.id)))!;
    expect(invoice).toBeTruthy();
    const today = zonedParts(new Date(), "Asia/Kolkata").date;
    const half = Math.floor(invoice.totalMinor / 2);
    const parts = [
      { dueOn: today, amountMinor: half },
      { dueOn: addDays(today, 30), amountMinor: invoice.totalMinor - half },
    ];
    const split = await server.request("POST", `/api/admin/billing/invoices/${invoice.id}/instalments`, { json: { parts }, headers: staff });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    // Due today (reminded now), overdue tomorrow; each sweep twice.
    const tomorrow = new Date(Date.now() + 25 * HOUR);
    for (const at of [new Date(), new Date(), tomorrow, tomorrow]) await sweepInstalmentReminders(server.db, at);
    await server.db.transaction().execute((trx) => recordPayment(trx, { invoiceId: invoice.id, method: "cash", amountMinor: 1000 }));
    await settle();
    const sent = await messagesOf(family.email);
    expect(sent.map((row) => row.template).sort()).toEqual(["instalment_due", "instalment_overdue", "invoice_issued", "receipt"]);
    expect(sent.every((row) => row.status === "sent")).toBe(true);
    const issued = sent.find((row) => row.template === "invoice_issued")!;
    // The pay link is built when sent: it opens the invoice's payment page.
    expect(issued.body).toContain(`${server.config.publicUrl}/payments/invoice?token=${invoice.id}_`);
    expect(issued.body).toContain(invoice.number);
    expect(sent.find((row) => row.template === "instalment_overdue")!.body).toContain("/payments/invoice?token=");
    expect(sent.find((row) => row.template === "receipt")!.body).toContain(invoice.number);
  });

  it("the WhatsApp / SMS opt-in on the booking form (JSON and a post without JavaScript) and the enrolment form: stored with the words shown, the form as source", async () => {
    const { course, slotId } = await demoSlot(60 * HOUR);
    const booked = await server.request("POST", `/api/courses/${course.slug}/demo-bookings`, {
      json: {
        slotId,
        childName: "Lina",
        childAge: 12,
        parentName: "Mona",
        email: "optin-book@example.com",
        phone: "+971 50 765 4321",
        messagingWhatsapp: true,
      },
      headers: { "accept-language": "ar" },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const log = await server.db.selectFrom("messaging_consents").selectAll().where("email", "=", "optin-book@example.com").execute();
    expect(log.map((row) => [row.choice, row.granted, row.lang, row.source])).toEqual([["whatsapp", 1, "ar", "booking"]]);
    expect(log[0]!.text).toBe("أرسلوا إليّ رسائل الأكاديمية عبر واتساب، من الرقم الرسمي لأكاديمية STEM.");
    const prefs = await server.db.selectFrom("messaging_preferences").selectAll().where("email", "=", "optin-book@example.com").executeTakeFirstOrThrow();
    expect([prefs.phone, prefs.whatsapp, prefs.sms, prefs.lang]).toEqual(["971507654321", 1, 0, "ar"]);
    // The confirmation went on the channel just chosen, in the same transaction.
    expect(await templatesOf("optin-book@example.com")).toEqual(["demo_booking_confirmation"]);

    // The same form posted without JavaScript (the page's action runs the same endpoint); an unticked box stores nothing.
    const form = (email: string, extra: Record<string, string>) =>
      new URLSearchParams({
        slotId: String(slotId),
        childName: "Omar",
        childAge: "12",
        parentName: "Sara",
        email,
        phone: "+971 50 765 0000",
        website: "",
        ...extra,
      }).toString();
    for (const [email, extra] of [
      ["optin-page@example.com", { messagingSms: "on" }],
      ["optin-none@example.com", {}],
    ] as const) {
      const body = form(email, extra);
      const posted = await server.request("POST", `/courses/${course.slug}/bookdemoclass`, {
        body,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      });
      expect(posted.status, String(posted.body).slice(0, 300)).toBeLessThan(400);
    }
    const page = await server.db.selectFrom("messaging_consents").selectAll().where("email", "=", "optin-page@example.com").execute();
    expect(page.map((row) => [row.choice, row.lang, row.source, row.text])).toEqual([["sms", "en", "booking", "Send me the academy's messages by SMS."]]);
    expect(await server.db.selectFrom("messaging_consents").select("id").where("email", "=", "optin-none@example.com").execute()).toEqual([]);

    // Enrolment: the opt-in is saved before the invoice's message is queued, so the invoice goes by SMS.
    const group = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() + 300 * HOUR), children: 0 });
    const enrolled = await server.request("POST", `/api/sections/${group.sectionId}/enrolments`, {
      json: { childName: "Zaid", childAge: 10, parentName: "Rania", email: "optin-enrol@example.com", phone: "+971 50 111 2233", messagingSms: true },
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    const consent = await server.db.selectFrom("messaging_consents").selectAll().where("email", "=", "optin-enrol@example.com").execute();
    expect(consent.map((row) => [row.choice, row.source])).toEqual([["sms", "enrolment"]]);
    expect(await templatesOf("optin-enrol@example.com")).toContain("invoice_issued");
  });

  it("inbox: an instructor reads only the threads of their own groups' families; staff assign threads to staff or instructors", async () => {
    const [teacherA, teacherB] = (await server.db.selectFrom("teachers").select("id").orderBy("id").limit(2).execute()).map((row) => row.id) as [
      number,
      number,
    ];
    const instructor = await server.signIn("instructor");
    await server.db.updateTable("users").set({ teacher_id: teacherA }).where("id", "=", instructor.user.id).execute();
    const own = await groupWithMeeting(server.db, { teacherId: teacherA, startsAt: new Date(Date.now() + 500 * HOUR), children: 1 });
    const other = await groupWithMeeting(server.db, { teacherId: teacherB, startsAt: new Date(Date.now() + 500 * HOUR), children: 1 });
    const emailOf = async (id: number) =>
      (await server.db.selectFrom("section_enrolments").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
    const [mine, theirs] = [await emailOf(own.enrolmentIds[0]!), await emailOf(other.enrolmentIds[0]!)];
    for (const email of [mine, theirs]) {
      await chooseSms(email);
      const sent = await server.db
        .transaction()
        .execute((trx) => queueMessage(trx, { event: `inbox-walk:${email}`, email, template: "news", params: { text: "Hi" } }));
      expect(sent).toBe(true);
    }
    const as = (cookie: string) => ({ headers: { cookie } });
    const threads = await server.request("GET", "/api/teaching/messaging/threads", as(instructor.cookie));
    expect(threads.status).toBe(200);
    expect(threads.body.threads.map((t: { email: string }) => t.email)).toEqual([mine]);
    expect((await server.request("GET", `/api/teaching/messaging/messages?family=${encodeURIComponent(mine)}`, as(instructor.cookie))).status).toBe(200);
    const refused = await server.request("GET", `/api/teaching/messaging/messages?family=${encodeURIComponent(theirs)}`, as(instructor.cookie));
    expect([refused.status, typeof refused.body.message]).toEqual([403, "string"]);
    expect((await server.request("GET", "/api/admin/messaging/threads", as(instructor.cookie))).status).toBe(403);
    // Unlinked from the teacher profile: nothing at once.
    await server.db.updateTable("users").set({ teacher_id: null }).where("id", "=", instructor.user.id).execute();
    expect((await server.request("GET", "/api/teaching/messaging/threads", as(instructor.cookie))).body.threads).toEqual([]);
    const parent = await server.signIn("user");
    expect((await server.request("GET", "/api/teaching/messaging/threads", as(parent.cookie))).status).toBe(403);
    expect((await server.request("GET", "/api/teaching/messaging/threads")).status).toBe(401);
    // Staff see both, and give a thread to the instructor; not to a parent, not a family without a thread; instructors may not assign.
    const all = await server.request("GET", "/api/teaching/messaging/threads", { headers: { cookie: staff.cookie! } });
    expect(all.body.threads.map((t: { email: string }) => t.email)).toEqual(expect.arrayContaining([mine, theirs]));
    const assign = (json: unknown, headers = staff) => server.request("POST", "/api/admin/messaging/assignments", { json, headers });
    expect((await assign({ email: mine, userId: instructor.user.id })).status).toBe(200);
    expect((await server.db.selectFrom("messaging_preferences").select("assigned_to").where("email", "=", mine).executeTakeFirstOrThrow()).assigned_to).toBe(
      instructor.user.id,
    );
    const audit = await server.db.selectFrom("audit_log").select(["action", "entity"]).where("entity", "=", "message_thread").execute();
    expect(audit).toEqual([{ action: "assign", entity: "message_thread" }]);
    const toParent = await assign({ email: mine, userId: parent.user.id });
    expect([toParent.status, toParent.body.errors?.userId]).toEqual([400, "Choose a staff member or instructor."]);
    expect((await assign({ email: "nobody@example.com", userId: null })).status).toBe(404);
    expect((await assign({ email: mine, userId: null }, { cookie: instructor.cookie, origin: server.url })).status).toBe(403);
    const listed = await server.request("GET", "/api/admin/messaging/threads", { headers: { cookie: staff.cookie! } });
    expect(listed.body.threads.find((t: { email: string }) => t.email === mine).assignedTo).toBe(instructor.user.id);
  });
});
