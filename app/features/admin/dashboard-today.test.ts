import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { nowIso } from "~server/db/values";
import type { DB } from "~server/db/db";
import { attendanceState, dashboardToday } from "./dashboard-today.server";

/**
 * The dashboard's "today" (issue 42 step 9): today's classes on the academy's calendar with their
 * attendance, trial classes in the next 48 hours, overdue invoices and the week's new enrolments.
 */

// 14:00 in Dubai (UTC+4) on Sunday 29 November 2026.
const NOW = new Date("2026-11-29T10:00:00Z");
const DUBAI = "Asia/Dubai";
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);

async function mark(db: DB, meetingId: number, enrolmentIds: number[]) {
  const at = nowIso();
  for (const id of enrolmentIds)
    await db
      .insertInto("meeting_attendance")
      .values({ meeting_id: meetingId, enrolment_id: id, status: "present", marked_by: null, created_at: at, updated_at: at })
      .execute();
}

async function trial(db: DB, startsAt: Date, status: "booked" | "cancelled" = "booked") {
  const at = nowIso();
  const slot = await db
    .insertInto("demo_slots")
    .values({ starts_at: startsAt.toISOString(), duration_minutes: 60, capacity: 4, course_id: null, status: "open", created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const reference = randomBytes(8).toString("hex");
  const row = await db
    .insertInto("demo_bookings")
    .values({
      reference,
      cancel_token: reference,
      code: reference.slice(0, 6).toUpperCase(),
      slot_id: slot.id,
      course_id: null,
      course_name: "Robotics",
      child_name: `Trial ${reference.slice(0, 4)}`,
      child_age: 8,
      parent_name: "Huda",
      email: "huda@example.com",
      phone: "+971501234567",
      lang: "ar",
      status,
      user_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function invoice(db: DB, dueOn: string, chargeMinor: number, paidMinor = 0) {
  const at = nowIso();
  const number = `INV-T-${randomBytes(3).toString("hex")}`;
  const { id } = await db
    .insertInto("invoices")
    .values({
      number,
      family_key: "family@example.com",
      email: "family@example.com",
      parent_name: "Sara",
      user_id: null,
      lang: "en",
      currency: "AED",
      offer_kind: "section",
      enrolment_id: null,
      camp_enrolment_id: null,
      child_name: "Omar",
      description_en: "Robotics",
      description_ar: "روبوتات",
      total_minor: chargeMinor,
      issued_at: at,
      due_on: dueOn,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("ledger_entries")
    .values({
      family_key: "family@example.com",
      currency: "AED",
      invoice_id: id,
      kind: "charge",
      amount_minor: chargeMinor,
      payment_id: null,
      credit_note_id: null,
      created_at: at,
    })
    .execute();
  if (paidMinor > 0)
    await db
      .insertInto("ledger_entries")
      .values({
        family_key: "family@example.com",
        currency: "AED",
        invoice_id: id,
        kind: "payment",
        amount_minor: -paidMinor,
        payment_id: null,
        credit_note_id: null,
        created_at: at,
      })
      .execute();
  return { id, number };
}

describe("dashboard today", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists today's classes on the academy's calendar, each with whether attendance is taken", async () => {
    const db = server.db;
    // 09:00 Dubai, both children marked: taken.
    const morning = await groupWithMeeting(db, { teacherId: null, startsAt: new Date("2026-11-29T05:00:00Z"), children: 2 });
    await mark(db, morning.meetingId, morning.enrolmentIds);
    // 11:00 Dubai, one of two marked: partly taken.
    const late = await groupWithMeeting(db, { teacherId: null, startsAt: new Date("2026-11-29T07:00:00Z"), children: 2 });
    await mark(db, late.meetingId, late.enrolmentIds.slice(0, 1));
    // 12:00 Dubai, begun and nobody marked: not taken.
    const noon = await groupWithMeeting(db, { teacherId: null, startsAt: new Date("2026-11-29T08:00:00Z"), children: 1 });
    // 16:00 Dubai: still to come.
    const afternoon = await groupWithMeeting(db, { teacherId: null, startsAt: new Date("2026-11-29T12:00:00Z"), children: 1 });
    // 23:30 on the 28th in Dubai (the 28th in UTC too): yesterday.
    const yesterday = await groupWithMeeting(db, { teacherId: null, startsAt: new Date("2026-11-28T19:30:00Z"), children: 1 });
    // 01:00 on the 30th in Dubai, though still the 29th in UTC: tomorrow.
    const tomorrow = await groupWithMeeting(db, { teacherId: null, startsAt: new Date("2026-11-29T21:00:00Z"), children: 1 });
    const ours = new Set([morning, late, noon, afternoon, yesterday, tomorrow].map((group) => group.meetingId));

    const inDubai = await dashboardToday(db, DUBAI, NOW);
    expect(inDubai.today).toBe("2026-11-29");
    const listed = inDubai.classes.filter((row) => ours.has(row.meetingId));
    expect(listed.map((row) => [row.meetingId, row.attendance, row.marked, row.enrolled])).toEqual([
      [morning.meetingId, "taken", 2, 2],
      [late.meetingId, "partial", 1, 2],
      [noon.meetingId, "missing", 0, 1],
      [afternoon.meetingId, "upcoming", 0, 1],
    ]);

    // The same instant on UTC's calendar: the 01:00-Dubai class is today, nothing of the 28th is.
    const inUtc = (await dashboardToday(db, "UTC", NOW)).classes.filter((row) => ours.has(row.meetingId)).map((row) => row.meetingId);
    expect(inUtc).toContain(tomorrow.meetingId);
    expect(inUtc).not.toContain(yesterday.meetingId);

    // A cancelled group leaves the list; a cancelled class of a running group stays, marked so.
    await db.updateTable("course_sections").set({ status: "cancelled" }).where("id", "=", noon.sectionId).execute();
    await db.updateTable("section_meetings").set({ status: "cancelled" }).where("id", "=", afternoon.meetingId).execute();
    const after = (await dashboardToday(db, DUBAI, NOW)).classes.filter((row) => ours.has(row.meetingId));
    expect(after.map((row) => [row.meetingId, row.attendance])).toEqual([
      [morning.meetingId, "taken"],
      [late.meetingId, "partial"],
      [afternoon.meetingId, "cancelled"],
    ]);
  });

  it("counts a class with nobody enrolled as taken only once someone is marked", () => {
    const started = { cancelled: false, startsAt: "2026-11-29T08:00:00Z", enrolled: 0, marked: 0 };
    expect(attendanceState(started, NOW)).toBe("missing");
    expect(attendanceState({ ...started, marked: 1 }, NOW)).toBe("taken");
  });

  it("lists booked trial classes starting within the next 48 hours, soonest first", async () => {
    const db = server.db;
    const soon = await trial(db, hours(2));
    const edge = await trial(db, hours(47.5));
    const cancelled = await trial(db, hours(3), "cancelled");
    const past = await trial(db, hours(-1));
    const later = await trial(db, hours(49));
    const ids = (await dashboardToday(db, DUBAI, NOW)).trials.map((row) => row.id).filter((id) => [soon, edge, cancelled, past, later].includes(id));
    expect(ids).toEqual([soon, edge]);
    const row = (await dashboardToday(db, DUBAI, NOW)).trials.find((found) => found.id === soon)!;
    expect(row).toMatchObject({ phone: "+971501234567", childAge: 8, parentName: "Huda" });
    expect(row.code).toMatch(/^[0-9A-F]{6}$/);
  });

  it("lists open invoices past their due day that still owe, with what is owed", async () => {
    const db = server.db;
    // "today" for invoices is the academy's calendar day of the real clock (the billing rule's).
    const overdue = await invoice(db, "2020-01-10", 50_000, 20_000);
    const paidUp = await invoice(db, "2020-01-10", 50_000, 50_000);
    const notDue = await invoice(db, "2999-01-01", 50_000);
    const { overdue: found } = await dashboardToday(db, DUBAI);
    const ids = found.invoices.map((row) => row.id);
    expect(ids).toContain(overdue.id);
    expect(ids).not.toContain(paidUp.id);
    expect(ids).not.toContain(notDue.id);
    expect(found.invoices.find((row) => row.id === overdue.id)).toMatchObject({
      number: overdue.number,
      owedMinor: 30_000,
      currency: "AED",
      dueOn: "2020-01-10",
    });
    expect(found.total).toBeGreaterThanOrEqual(1);
  });

  it("lists the last seven days' enrolments in course groups, newest first", async () => {
    const db = server.db;
    const now = new Date();
    const recent = await groupWithMeeting(db, { teacherId: null, startsAt: new Date(now.getTime() + 86_400_000), children: 2 });
    const [newer, older] = recent.enrolmentIds as [number, number];
    await db
      .updateTable("section_enrolments")
      .set({ created_at: new Date(now.getTime() - 3_600_000).toISOString() })
      .where("id", "=", newer)
      .execute();
    await db
      .updateTable("section_enrolments")
      .set({ created_at: new Date(now.getTime() - 8 * 86_400_000).toISOString() })
      .where("id", "=", older)
      .execute();
    const { enrolments } = await dashboardToday(db, DUBAI, now);
    const references = await db.selectFrom("section_enrolments").select(["id", "reference"]).where("section_id", "=", recent.sectionId).execute();
    const referenceOf = new Map(references.map((row) => [row.id, row.reference]));
    const listed = enrolments.rows.map((row) => row.reference);
    expect(listed).toContain(referenceOf.get(newer));
    expect(listed).not.toContain(referenceOf.get(older));
    expect(enrolments.total).toBeGreaterThanOrEqual(1);
    expect(Date.parse(enrolments.since)).toBe(now.getTime() - 7 * 86_400_000);
  });
});
