import { recordAudit } from "~server/audit/audit";
import { inTransaction, type DB } from "~server/db/db";
import type { AutomationOutcome, MessageStatus } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { automationSettings } from "./automation-run.server";
import { AUTOMATIONS, type AutomationKey } from "./automations";
import { enrolmentsByEmailsSince } from "~/features/enrolments/queries.server";
import { paymentsOfPaidInvoices } from "~/features/billing/queries.server";

const DAY_MS = 86_400_000;
const ago = (ms: number, now: Date) => new Date(now.getTime() - ms).toISOString();

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
  const enrolments = trials.length ? await enrolmentsByEmailsSince(db, emails(trials), since) : [];
  const invoices = of("unpaid_invoice");
  const ids = (rows: typeof sent) => [...new Set(rows.map((row) => row.subject_id))].slice(0, 1000);
  const payments = invoices.length ? await paymentsOfPaidInvoices(db, ids(invoices)) : [];
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

/** Each automation on or off with its conversion figure, for the dashboard (decision 140). */
export async function automationHeadlines(db: DB) {
  const [settings, figures] = await Promise.all([automationSettings(db), conversions(db)]);
  return settings.map((setting) => {
    const figure = figures.find((f) => f.key === setting.key) ?? { counted: 0, converted: 0 };
    return { key: setting.key, enabled: setting.enabled, counted: figure.counted, converted: figure.converted };
  });
}
