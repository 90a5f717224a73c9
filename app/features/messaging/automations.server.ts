import { recordAudit } from "~server/audit/audit";
import { inTransaction, type DB } from "~server/db/db";
import type { AutomationOutcome, MessageStatus } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { defineJob } from "~server/jobs/job";
import { childKey } from "~/lib/child-key";
import { formatCalendarDay } from "~/lib/dates";
import { zonedParts } from "~/lib/zoned-time";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatDateTimeLabel } from "~/features/booking/slot-format";
import { invoicePayLink } from "~/features/billing/instalments/invoice-link.server";
import { inBoth } from "./templates";
import { automationSettings, runAutomation } from "./automation-run.server";
import { AUTOMATIONS, type AutomationKey } from "./automations";

/** The periodic run of the time-driven automations (decision 140): one job per quarter hour across instances (its unique key names the period). */
export const automationsRunJob = defineJob("messaging-automations");
export const AUTOMATIONS_EVERY_MS = 15 * 60_000;

const DAY_MS = 86_400_000;
/** An event older than its due time by more than this is not sent when an automation is switched on: no flood of old debts and demos. */
const CATCH_UP_DAYS = 14;
/** A mark corrected within this time (absent by a slip, then present) sends nothing. */
const ABSENCE_GRACE_MS = 10 * 60_000;
/** Absence marks older than this are history, not news for the family. */
const ABSENCE_RECENT_MS = 2 * DAY_MS;

const ago = (ms: number, now: Date) => new Date(now.getTime() - ms).toISOString();
const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Each event in its own transaction: one family's failure does not undo another's message. */
async function each<T>(db: DB, rows: readonly T[], run: (trx: DB, row: T) => Promise<AutomationOutcome | null>): Promise<number> {
  let sent = 0;
  for (const row of rows) if ((await inTransaction(db, (trx) => run(trx, row))) === "sent") sent += 1;
  return sent;
}

/** Trial follow-up: a demo class attended N days ago whose child has no live enrolment (the one converted from the booking, or the family's for that child). */
async function trialFollowUps(db: DB, days: number, now: Date): Promise<number> {
  const candidates = await db
    .selectFrom("demo_bookings as b")
    .innerJoin("demo_slots as s", "s.id", "b.slot_id")
    .leftJoin("courses as c", "c.id", "b.course_id")
    .select(["b.id", "b.email", "b.child_name", "b.course_name", "c.name_en", "c.name_ar"])
    .where("b.status", "=", "attended")
    .where("s.starts_at", "<=", ago(days * DAY_MS, now))
    .where("s.starts_at", ">", ago((days + CATCH_UP_DAYS) * DAY_MS, now))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("messaging_automation_events as ev").select("ev.id").where("ev.automation", "=", "trial_follow_up").whereRef("ev.subject_id", "=", "b.id"),
        ),
      ),
    )
    .orderBy("b.id")
    .limit(500)
    .execute();
  return each(db, candidates, async (trx, booking) => {
    const enrolled = await trx
      .selectFrom("section_enrolments")
      .select("id")
      .where("status", "=", "enrolled")
      .where((eb) =>
        eb.or([
          eb("demo_booking_id", "=", booking.id),
          eb.and([eb("email", "=", booking.email.toLowerCase()), eb("child_key", "=", childKey(booking.child_name))]),
        ]),
      )
      .executeTakeFirst();
    if (enrolled) return null;
    return runAutomation(trx, "trial_follow_up", {
      event: `booking:${booking.id}`,
      subjectId: booking.id,
      email: booking.email,
      params: { child: booking.child_name, ...inBoth("course", (lang) => (lang === "ar" ? booking.name_ar : booking.name_en) ?? booking.course_name) },
    });
  });
}

/** Unpaid invoice: open (not paid, not void) N days after its due day in academy time. */
async function unpaidInvoices(db: DB, days: number, now: Date): Promise<number> {
  const today = zonedParts(now, await academyTimeZone(db)).date;
  const invoices = await db
    .selectFrom("invoices as i")
    .select(["i.id", "i.number", "i.email", "i.due_on"])
    .where("i.status", "=", "open")
    .where("i.due_on", "<=", shiftDay(today, -days))
    .where("i.due_on", ">", shiftDay(today, -(days + CATCH_UP_DAYS)))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("messaging_automation_events as ev").select("ev.id").where("ev.automation", "=", "unpaid_invoice").whereRef("ev.subject_id", "=", "i.id"),
        ),
      ),
    )
    .orderBy("i.id")
    .limit(500)
    .execute();
  return each(db, invoices, (trx, invoice) =>
    runAutomation(trx, "unpaid_invoice", {
      event: `invoice:${invoice.id}`,
      subjectId: invoice.id,
      email: invoice.email,
      params: { number: invoice.number, ...inBoth("date", (lang) => formatCalendarDay(invoice.due_on, lang, "long")) },
      links: { link: invoicePayLink(invoice.id, invoice.number) },
    }),
  );
}

/** Absence alert: a child of a live enrolment marked absent (not excused) at a class, the family having reported no absence for it. */
async function absenceAlerts(db: DB, now: Date): Promise<number> {
  const marks = await db
    .selectFrom("meeting_attendance as a")
    .innerJoin("section_meetings as m", "m.id", "a.meeting_id")
    .innerJoin("section_enrolments as e", "e.id", "a.enrolment_id")
    .innerJoin("course_sections as s", "s.id", "e.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["a.id", "e.email", "e.child_name", "c.name_en", "c.name_ar", "m.starts_at"])
    .where("a.status", "=", "absent")
    .where("e.status", "=", "enrolled")
    .where("a.updated_at", "<=", ago(ABSENCE_GRACE_MS, now))
    .where("a.updated_at", ">", ago(ABSENCE_RECENT_MS, now))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("meeting_absences as r").select("r.id").whereRef("r.meeting_id", "=", "a.meeting_id").whereRef("r.enrolment_id", "=", "a.enrolment_id"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("messaging_automation_events as ev").select("ev.id").where("ev.automation", "=", "absence_alert").whereRef("ev.subject_id", "=", "a.id"),
        ),
      ),
    )
    .orderBy("a.id")
    .limit(500)
    .execute();
  if (marks.length === 0) return 0;
  const zone = await academyTimeZone(db);
  return each(db, marks, (trx, mark) =>
    runAutomation(trx, "absence_alert", {
      event: `attendance:${mark.id}`,
      subjectId: mark.id,
      email: mark.email,
      params: {
        child: mark.child_name,
        ...inBoth("course", (lang) => (lang === "ar" ? mark.name_ar : mark.name_en)),
        ...inBoth("date", (lang) => formatDateTimeLabel(mark.starts_at, zone, lang)),
      },
    }),
  );
}

/**
 * The `messaging-automations` job: each time-driven automation that is on, over its due events.
 * Two runs at once (two instances, a retried job) handle each event once: the audit row's
 * (automation, event) key, then the family's throttle claim, then the message key.
 */
export async function runAutomations(db: DB, now = new Date()): Promise<Record<string, number>> {
  const settings = new Map((await automationSettings(db)).map((row) => [row.key, row]));
  const on = (key: AutomationKey) => settings.get(key)!.enabled;
  return {
    trial_follow_up: on("trial_follow_up") ? await trialFollowUps(db, settings.get("trial_follow_up")!.days!, now) : 0,
    unpaid_invoice: on("unpaid_invoice") ? await unpaidInvoices(db, settings.get("unpaid_invoice")!.days!, now) : 0,
    absence_alert: on("absence_alert") ? await absenceAlerts(db, now) : 0,
  };
}

/** Staff turn an automation on or off and set its N and throttle; audited with before → after. */
export async function saveAutomation(
  db: DB,
  key: AutomationKey,
  input: { enabled: boolean; days?: number | undefined; throttleDays: number },
  userId: number,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = (await automationSettings(trx)).find((row) => row.key === key)!;
    const days = AUTOMATIONS[key].days ? (input.days ?? before.days!) : 0;
    const values = { enabled: Number(input.enabled), days, throttle_days: input.throttleDays, updated_by: userId, updated_at: nowIso() };
    await trx
      .insertInto("messaging_automations")
      .values({ key, ...values })
      .onConflict((oc) => oc.column("key").doUpdateSet(values))
      .execute();
    await recordAudit(trx, {
      userId,
      action: "update",
      entity: "message_automation",
      entityId: key,
      summary: {
        before: { enabled: before.enabled, days: before.days, throttleDays: before.throttleDays },
        after: { enabled: input.enabled, days: AUTOMATIONS[key].days ? days : null, throttleDays: input.throttleDays },
      },
    });
  });
}

/** How long after its message an event counts as converted (days), per automation; the waitlist's is the offer's own hold. */
export const CONVERSION_DAYS = { trial_follow_up: 14, unpaid_invoice: 7, waitlist_offer: null, absence_alert: 2 } as const;
const FIGURE_SPAN_DAYS = 90;

export interface Conversion {
  key: AutomationKey;
  /** Messages sent in the last 90 days whose window is over (or that already converted). */
  counted: number;
  converted: number;
}

/**
 * Each automation's conversion over the messages it sent in the last 90 days (decision 140): trial
 * follow-up, the family enrolled in a group within 14 days after the message; unpaid invoice, the
 * invoice paid within 7 days after it; waitlist offer, the seat accepted; absence alert, the
 * family wrote back within 2 days. A message still inside its window counts once it converted.
 */
export async function conversions(db: DB, now = new Date()): Promise<Conversion[]> {
  const since = ago(FIGURE_SPAN_DAYS * DAY_MS, now);
  const sent = await db
    .selectFrom("messaging_automation_events")
    .select(["automation", "event", "subject_id", "email", "created_at"])
    .where("outcome", "=", "sent")
    .where("created_at", ">=", since)
    .orderBy("id")
    .limit(5000)
    .execute();
  const of = (key: AutomationKey) => sent.filter((row) => row.automation === key);
  const emails = (rows: typeof sent) => [...new Set(rows.map((row) => row.email))].slice(0, 1000);
  const within = (at: string, from: string, days: number) => at >= from && Date.parse(at) <= Date.parse(from) + days * DAY_MS;
  const figure = (
    key: AutomationKey,
    rows: typeof sent,
    converted: (row: (typeof sent)[number]) => boolean,
    closed: (row: (typeof sent)[number]) => boolean,
  ) => {
    const counted = rows.filter((row) => converted(row) || closed(row));
    return { key, counted: counted.length, converted: counted.filter(converted).length };
  };
  const windowOver = (days: number) => (row: (typeof sent)[number]) => Date.parse(row.created_at) + days * DAY_MS <= now.getTime();

  const trials = of("trial_follow_up");
  const enrolments = trials.length
    ? await db.selectFrom("section_enrolments").select(["email", "created_at"]).where("email", "in", emails(trials)).where("created_at", ">=", since).execute()
    : [];
  const invoices = of("unpaid_invoice");
  const ids = (rows: typeof sent) => [...new Set(rows.map((row) => row.subject_id))].slice(0, 1000);
  const payments = invoices.length
    ? await db
        .selectFrom("payments as p")
        .innerJoin("invoices as i", "i.id", "p.invoice_id")
        .select(["p.invoice_id", "p.created_at"])
        .where("p.invoice_id", "in", ids(invoices))
        .where("p.kind", "=", "payment")
        .where("i.status", "=", "paid")
        .execute()
    : [];
  const offers = of("waitlist_offer");
  const lines = async (table: "slot_waitlist" | "section_waitlist", rows: typeof sent) =>
    rows.length ? await db.selectFrom(table).select(["id", "status"]).where("id", "in", ids(rows)).execute() : [];
  const slotOffers = offers.filter((row) => row.event.startsWith("slot-"));
  const sectionOffers = offers.filter((row) => row.event.startsWith("section-"));
  const entries = { slot: await lines("slot_waitlist", slotOffers), section: await lines("section_waitlist", sectionOffers) };
  const entryOf = (row: (typeof sent)[number]) => entries[row.event.startsWith("slot-") ? "slot" : "section"].find((entry) => entry.id === row.subject_id);
  const absences = of("absence_alert");
  const replies = absences.length
    ? await db
        .selectFrom("messages")
        .select(["email", "created_at"])
        .where("direction", "=", "in")
        .where("email", "in", emails(absences))
        .where("created_at", ">=", since)
        .execute()
    : [];

  return [
    figure("trial_follow_up", trials, (row) => enrolments.some((e) => e.email === row.email && within(e.created_at, row.created_at, 14)), windowOver(14)),
    figure(
      "unpaid_invoice",
      invoices,
      // Paid: the invoice is settled and its last payment came within the 7 days.
      (row) => {
        const made = payments.filter((p) => p.invoice_id === row.subject_id).map((p) => p.created_at);
        return made.length > 0 && within(made.sort().at(-1)!, row.created_at, 7);
      },
      windowOver(7),
    ),
    figure(
      "waitlist_offer",
      offers,
      (row) => entryOf(row)?.status === "booked",
      (row) => entryOf(row)?.status !== "offered",
    ),
    figure("absence_alert", absences, (row) => replies.some((r) => r.email === row.email && within(r.created_at, row.created_at, 2)), windowOver(2)),
  ];
}

export interface AuditRow {
  id: number;
  automation: AutomationKey;
  event: string;
  email: string;
  outcome: AutomationOutcome;
  status: MessageStatus | null;
  channel: string | null;
  createdAt: string;
}

/** The audit trail, newest first: each event an automation handled, what came of it and its message's status. */
export async function automationAudit(db: DB, limit = 50): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom("messaging_automation_events as ev")
    .leftJoin("messages as m", "m.id", "ev.message_id")
    .select(["ev.id", "ev.automation", "ev.event", "ev.email", "ev.outcome", "ev.created_at", "m.status", "m.channel"])
    .orderBy("ev.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    automation: row.automation as AutomationKey,
    event: row.event,
    email: row.email,
    outcome: row.outcome,
    status: row.status,
    channel: row.channel,
    createdAt: row.created_at,
  }));
}
