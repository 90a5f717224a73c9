import { inTransaction, type DB } from "~server/db/db";
import type { AutomationOutcome } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { queueMessage, type MessageLink } from "./delivery.server";
import { chosenChannels, familyKey, preferencesOf } from "./preferences.server";
import { AUTOMATION_KEYS, AUTOMATIONS, type AutomationKey, type AutomationSettings } from "./automations";

const DAY_MS = 86_400_000;

function settingsOf(key: AutomationKey, row?: { enabled: number; days: number; throttle_days: number; updated_at: string }): AutomationSettings {
  const automation = AUTOMATIONS[key];
  return {
    key,
    enabled: row ? row.enabled === 1 : automation.defaults.enabled,
    days: automation.days ? (row?.days ?? automation.days.default) : null,
    throttleDays: row?.throttle_days ?? automation.defaults.throttle,
    updatedAt: row?.updated_at ?? null,
  };
}

/** Every automation's settings, the defaults where staff saved none. */
export async function automationSettings(db: DB): Promise<AutomationSettings[]> {
  const rows = await db.selectFrom("messaging_automations").selectAll().execute();
  return AUTOMATION_KEYS.map((key) =>
    settingsOf(
      key,
      rows.find((row) => row.key === key),
    ),
  );
}

export async function automationSettingsOf(db: DB, key: AutomationKey): Promise<AutomationSettings> {
  const row = await db.selectFrom("messaging_automations").selectAll().where("key", "=", key).executeTakeFirst();
  return settingsOf(key, row);
}

export interface AutomationEvent {
  /** Unique within the automation: "booking:12". */
  event: string;
  subjectId: number;
  email: string;
  params: Record<string, string>;
  links?: Record<string, MessageLink>;
}

/**
 * One event of an automation, in the caller's transaction: recorded once (automation and event
 * UNIQUE, so two runs or instances handle it once), checked against the family's consent, then the
 * throttle claimed (a conditional upsert of the family's last send: two events of one family at
 * once claim it once), then the message queued through `queueMessage`. Returns what came of it,
 * or null when the automation is off or the event was handled already.
 */
export async function runAutomation(trx: DB, key: AutomationKey, input: AutomationEvent): Promise<AutomationOutcome | null> {
  const settings = await automationSettingsOf(trx, key);
  if (!settings.enabled) return null;
  const email = familyKey(input.email);
  // Erased accounts and unknown numbers are never written to (as broadcasts, decision 134).
  if (email.endsWith(".invalid") || email.startsWith("tel:")) return null;
  const automation = AUTOMATIONS[key];
  const prefs = await preferencesOf(trx, email);
  const channels = chosenChannels(prefs).filter((channel) => !automation.ownMail || channel !== "email");
  // An event with its own e-mail (the waitlist offer's) and a family without WhatsApp or SMS: the e-mail says it all, nothing to record.
  if (automation.ownMail && channels.length === 0) return null;
  const now = nowIso();
  const recorded = await trx
    .insertInto("messaging_automation_events")
    .values({ automation: key, event: input.event.slice(0, 300), subject_id: input.subjectId, email, outcome: "sent", message_id: null, created_at: now })
    .onConflict((oc) => oc.columns(["automation", "event"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!recorded) return null;
  const template = await trx.selectFrom("messaging_templates").select("category").where("key", "=", automation.template).executeTakeFirstOrThrow();
  let outcome: AutomationOutcome = "sent";
  let messageId: number | null = null;
  // News and offers only with the opt-in: a family without it neither gets it nor spends its throttle.
  if (template.category === "news" && !prefs.news) outcome = "no_consent";
  else if (channels.length === 0) outcome = "no_channel";
  else {
    const cutoff = new Date(Date.now() - settings.throttleDays * DAY_MS).toISOString();
    const claimed = await trx
      .insertInto("messaging_automation_throttle")
      .values({ automation: key, email, last_at: now })
      .onConflict((oc) => oc.columns(["automation", "email"]).doUpdateSet({ last_at: now }).where("messaging_automation_throttle.last_at", "<=", cutoff))
      .returning("email")
      .executeTakeFirst();
    if (!claimed) outcome = "throttled";
    else {
      const event = `automation:${key}:${input.event}`;
      await queueMessage(trx, { event, email, template: automation.template, params: input.params, links: input.links, ownMail: automation.ownMail });
      const message = await trx.selectFrom("messages").select("id").where("key", "=", `${event}:${email}`.slice(0, 400)).executeTakeFirst();
      messageId = message?.id ?? null;
    }
  }
  await trx.updateTable("messaging_automation_events").set({ outcome, message_id: messageId }).where("id", "=", recorded.id).execute();
  return outcome;
}

/** An event more than this past its due time is not sent when an automation is switched on: no flood of old debts and demos. */
export const AUTOMATION_CATCH_UP_DAYS = 14;

/**
 * A time-driven automation's run (the owning feature's periodic job, decision 140): the settings if
 * it is on, and a runner taking each due event in its own transaction (one family's failure does
 * not undo another's message). Returns how many were sent.
 */
export async function automationRun(db: DB, key: AutomationKey) {
  const settings = await automationSettingsOf(db, key);
  if (!settings.enabled) return null;
  return {
    settings,
    async each<T>(rows: readonly T[], event: (trx: DB, row: T) => Promise<AutomationEvent | null>): Promise<number> {
      let sent = 0;
      for (const row of rows) {
        const outcome = await inTransaction(db, async (trx) => {
          const input = await event(trx, row);
          return input ? runAutomation(trx, key, input) : null;
        });
        if (outcome === "sent") sent += 1;
      }
      return sent;
    },
  };
}
