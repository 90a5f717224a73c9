import { z } from "zod";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { MessageChannel, MessageStatus } from "~server/db/schema";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import { defineJob, type Job } from "~server/jobs/job";
import { enqueue } from "~server/jobs/queue";
import type { Logger } from "~server/logger";
import { mailKind, queueMail } from "~server/mail/mail-queue";
import { getSiteSettings } from "~/features/site/site.server";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import type { Lang } from "~/i18n/lang";
import { chosenChannels, familyKey, preferencesOf, saveChoices, stopOrStart, preferencesByPhone, type Preferences } from "./preferences.server";
import { fillTemplate, paramsIn } from "./templates";
import { ProviderError, sendSms, sendWhatsApp } from "./providers.server";
import { quietUntil } from "./quiet-hours";

export type MessagingDeps = { db: DB; config: Config; logger: Logger };

/** One try of one message on its current channel; the unique key (message, step) makes each step one job across instances. */
export const messageSendJob = defineJob("message-send", z.object({ id: z.number().int().positive() }));
/** After the fallback time: a message still not delivered on `step`'s channel moves to the next one, once. */
export const messageFallbackJob = defineJob("message-fallback", z.object({ id: z.number().int().positive(), step: z.number().int().min(0) }));

/** The e-mail step of a message: its text in the guardian's language (the one layout adds lang and dir). */
export const messageMail = mailKind("message", z.object({ lang: z.enum(["en", "ar"]), subject: z.string().max(200), text: z.string().max(5000) }));

export const SMS_WEBHOOK_PATH = "/api/messaging/sms/webhook";
export const WHATSAPP_WEBHOOK_PATH = "/api/messaging/whatsapp/webhook";
const SEND_ATTEMPTS = 5;
const WINDOW_MS = 24 * 60 * 60_000;

export interface QueuedMessage {
  /** The event, unique per message: "certificate:12". The guardian's key is added, so one event reaches each guardian once. */
  event: string;
  email: string;
  template: string;
  params: Record<string, string>;
  /**
   * The event has its own typed e-mail (decision 118): the message then goes only on WhatsApp or
   * SMS, and is not stored at all when the guardian chose neither (the e-mail already carries it).
   */
  ownMail?: boolean;
  /** Links to the site, named here and built when the message is sent (they need the public URL, a signing secret): `{ link: invoicePayLink(7, "INV-7") }`. */
  links?: Record<string, MessageLink>;
  /** The staff broadcast this is one guardian's copy of (decision 134): its figures count these rows. */
  broadcastId?: number;
}

/** A site link a message names when queued; the builder registered for its kind makes the URL when it is sent. */
export interface MessageLink {
  kind: string;
  id: number;
  ref: string;
}
type LinkBuilder = (config: Config, link: MessageLink, lang: Lang) => string;
const linkBuilders = new Map<string, LinkBuilder>();

/**
 * Registers how a kind of link is built at send time (the feature that owns the page does, in the
 * module that queues it), and returns the maker of such links.
 */
export function defineMessageLink(kind: string, build: LinkBuilder): (id: number, ref: string) => MessageLink {
  linkBuilders.set(kind, build);
  return (id, ref) => ({ kind, id, ref });
}

function buildLinks(config: Config, links: Record<string, MessageLink>, lang: Lang): Record<string, string> {
  const built: Record<string, string> = {};
  for (const [name, link] of Object.entries(links)) {
    const build = linkBuilders.get(link.kind);
    if (!build) throw new Error(`no message link builder for "${link.kind}"`);
    built[name] = build(config, link, lang);
  }
  return built;
}

/**
 * Stores one message for an event and queues its first try, in the caller's transaction. The key
 * is UNIQUE: the same event queued twice (two instances, a retried request) stores one row and one
 * job. Returns whether this call stored it.
 */
export async function queueMessage(db: DB, message: QueuedMessage): Promise<boolean> {
  const email = familyKey(message.email);
  // First the family's choice: for most events (their own e-mail exists) a family without WhatsApp or SMS costs one read.
  if (message.ownMail) {
    const prefs = await preferencesOf(db, email);
    if (!chosenChannels(prefs).some((channel) => channel !== "email")) return false;
  }
  const template = await db.selectFrom("messaging_templates").select(["category", "urgent"]).where("key", "=", message.template).executeTakeFirst();
  if (!template) throw new Error(`no message template "${message.template}"`);
  const now = nowIso();
  const row = await db
    .insertInto("messages")
    .values({
      key: `${message.event}:${email}`.slice(0, 400),
      direction: "out",
      email,
      template: message.template,
      params: toDbJson({ values: message.params, ownMail: message.ownMail === true, ...(message.links ? { links: message.links } : {}) }),
      category: template.category,
      urgent: template.urgent,
      channel: null,
      status: "queued",
      provider_id: null,
      last_error: null,
      broadcast_id: message.broadcastId ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return false;
  await enqueue(db, messageSendJob, { id: row.id }, { uniqueKey: `message-send:${row.id}:0`, maxAttempts: SEND_ATTEMPTS });
  return true;
}

/**
 * A template's words in one language, filled as its message would be (links built now): the text
 * other channels show for the same event (push, decision 143), so there is one source of words.
 * Null when the template is gone.
 */
export async function templateText(
  db: DB,
  config: Config,
  message: { template: string; params: Record<string, string>; links?: Record<string, MessageLink> },
  lang: Lang,
): Promise<string | null> {
  const template = await db.selectFrom("messaging_templates").select(["body_en", "body_ar"]).where("key", "=", message.template).executeTakeFirst();
  if (!template) return null;
  const values = { ...paramsIn(message.params, lang), ...buildLinks(config, message.links ?? {}, lang) };
  return fillTemplate(lang === "ar" ? template.body_ar : template.body_en, values);
}

/** A staff reply inside the 24-hour window: free text, on WhatsApp (else SMS), from the academy's number. */
export async function queueReply(db: DB, input: { email: string; text: string; sentBy: number }): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("messages")
    .values({
      key: `reply:${now}:${Math.random().toString(36).slice(2)}`,
      direction: "out",
      email: familyKey(input.email),
      template: "",
      params: toDbJson({ values: {}, reply: true }),
      category: "service",
      urgent: 1,
      body: input.text,
      channel: null,
      status: "queued",
      provider_id: null,
      last_error: null,
      sent_by: input.sentBy,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await enqueue(db, messageSendJob, { id: row.id }, { uniqueKey: `message-send:${row.id}:0`, maxAttempts: SEND_ATTEMPTS });
  return row.id;
}

const storedParams = z.object({
  values: z.record(z.string(), z.string()).default({}),
  links: z.record(z.string(), z.object({ kind: z.string(), id: z.number(), ref: z.string() })).default({}),
  ownMail: z.boolean().default(false),
  reply: z.boolean().default(false),
});

/** The channels this message may use, in order: chosen by the guardian, configured here, and e-mail only when the event has none of its own. */
export function channelsFor(config: Config, prefs: Preferences, options: { ownMail: boolean; reply: boolean }): MessageChannel[] {
  return chosenChannels(prefs).filter((channel) => {
    if (channel === "whatsapp") return config.whatsapp !== null;
    if (channel === "sms") return config.twilio !== null;
    return !options.ownMail && !options.reply;
  });
}

async function setStatus(
  db: DB,
  id: number,
  values: { status: MessageStatus; channel?: MessageChannel | null; provider_id?: string | null; last_error?: string | null; body?: string },
) {
  await db
    .updateTable("messages")
    .set({ ...values, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
}

/** Moves a message from `step`'s channel to the next one, once (a conditional update), and queues its try there. */
export async function advance(db: DB, id: number, step: number, reason: string): Promise<boolean> {
  const moved = await db
    .updateTable("messages")
    .set({ fallbacks: step + 1, status: "queued", last_error: reason.slice(0, 500), updated_at: nowIso() })
    .where("id", "=", id)
    .where("fallbacks", "=", step)
    .where("status", "in", ["queued", "sent", "failed"])
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return false;
  await enqueue(db, messageSendJob, { id }, { uniqueKey: `message-send:${id}:${step + 1}`, maxAttempts: SEND_ATTEMPTS });
  return true;
}

const hold = async (db: DB, id: number, until: Date, reason: string) => {
  await setStatus(db, id, { status: "held", last_error: reason });
  await enqueue(db, messageSendJob, { id }, { uniqueKey: `message-send:${id}:held:${until.toISOString()}`, runAt: until, maxAttempts: SEND_ATTEMPTS });
};

/**
 * The `message-send` job: the message's next try. News only with the guardian's opt-in (checked now,
 * so a STOP after queueing still stops it); non-urgent messages wait out quiet hours and the
 * family's daily cap; then the channel of this step sends. A provider error worth retrying throws
 * (the job's backoff); the last try, or a refusal, moves the message to the next channel, and with
 * none left it is dead (staff see it on /admin/messages).
 */
export async function deliverMessage(deps: MessagingDeps, id: number, job: Job): Promise<void> {
  const { db, config } = deps;
  const message = await db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
  if (!message || message.direction !== "out" || (message.status !== "queued" && message.status !== "held")) return;
  const options = storedParams.parse(fromDbJson(message.params, {}));
  const prefs = await preferencesOf(db, message.email);
  if (message.category === "news" && !prefs.news) return setStatus(db, id, { status: "skipped", last_error: "no consent to news and offers" });
  const channels = channelsFor(config, prefs, options);
  const channel = channels[message.fallbacks];
  if (!channel)
    return setStatus(
      db,
      id,
      message.fallbacks === 0
        ? { status: "skipped", last_error: "no channel chosen" }
        : { status: "dead", last_error: message.last_error ?? "no channel left" },
    );
  const settings = await getSiteSettings(db);
  if (message.urgent !== 1) {
    const quiet = quietUntil(new Date(), timeZoneOf(settings), settings.messagingQuietStart, settings.messagingQuietEnd);
    if (quiet) return hold(db, id, quiet, "quiet hours");
    const since = new Date(Date.now() - WINDOW_MS).toISOString();
    const { n } = await db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("email", "=", message.email)
      .where("direction", "=", "out")
      .where("status", "in", ["sent", "delivered", "read"])
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow();
    if (Number(n) >= settings.messagingDailyCap) return hold(db, id, new Date(Date.now() + 60 * 60_000), "daily cap");
  }
  const template = message.template ? await db.selectFrom("messaging_templates").selectAll().where("key", "=", message.template).executeTakeFirst() : undefined;
  const lang: Lang = prefs.lang;
  const values = { ...paramsIn(options.values, lang), ...buildLinks(config, options.links, lang) };
  const text = template ? fillTemplate(lang === "ar" ? template.body_ar : template.body_en, values) : message.body;
  // The next channel's job finds none left after the last one, and marks the message dead.
  const next = async (reason: string) => void (await advance(db, id, message.fallbacks, reason));
  try {
    let providerId: string;
    if (channel === "whatsapp") {
      const windowOpen = prefs.lastInboundAt !== null && Date.now() - Date.parse(prefs.lastInboundAt) < WINDOW_MS;
      // Outside the 24-hour window only an approved template may be sent (Meta's rule).
      if (template && template.wa_approved === 1 && template.wa_name) {
        providerId = await sendWhatsApp(config.whatsapp!, prefs.phone, {
          template: { name: template.wa_name, language: lang === "ar" ? template.wa_language_ar : template.wa_language_en, params: values },
        });
      } else if (windowOpen) {
        providerId = await sendWhatsApp(config.whatsapp!, prefs.phone, { text });
      } else {
        return await next("WhatsApp: no approved template and the 24-hour window is closed");
      }
    } else if (channel === "sms") {
      providerId = await sendSms(config.twilio!, prefs.phone, text, `${config.publicUrl}${SMS_WEBHOOK_PATH}`);
    } else {
      const subject = lang === "ar" ? "رسالة من أكاديمية STEM" : "A message from STEM Academy";
      await queueMail(db, messageMail, { to: message.email, data: { lang, subject, text } });
      return await setStatus(db, id, { status: "sent", channel, body: text, last_error: null });
    }
    await setStatus(db, id, { status: "sent", channel, provider_id: providerId, body: text, last_error: null });
    if (message.fallbacks + 1 < channels.length) {
      const runAt = new Date(Date.now() + settings.messagingFallbackMinutes * 60_000);
      await enqueue(
        db,
        messageFallbackJob,
        { id, step: message.fallbacks },
        { uniqueKey: `message-fallback:${id}:${message.fallbacks}`, runAt, maxAttempts: 3 },
      );
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.retry && job.attempts < job.maxAttempts) {
      await setStatus(db, id, { status: message.status, channel, last_error: error.message });
      throw error;
    }
    await next(error.message);
  }
}

/** The `message-fallback` job: still only "sent" (not delivered or read) on that step's channel: the next channel, once. */
export async function fallBack(db: DB, id: number, step: number): Promise<void> {
  await advance(db, id, step, "not delivered in time");
}

const RANK: Partial<Record<MessageStatus, number>> = { sent: 1, delivered: 2, read: 3 };

/** A provider's status of a message it took (signed webhook): delivered and read only move forward; failed moves the message on. */
export async function applyStatus(db: DB, providerId: string, status: "sent" | "delivered" | "read" | "failed", error?: string): Promise<void> {
  const message = await db
    .selectFrom("messages")
    .select(["id", "status", "fallbacks"])
    .where("provider_id", "=", providerId)
    .where("direction", "=", "out")
    .executeTakeFirst();
  if (!message) return;
  if (status === "failed") {
    if (message.status !== "sent") return;
    await setStatus(db, message.id, { status: "failed", last_error: (error ?? "failed").slice(0, 500) });
    await advance(db, message.id, message.fallbacks, error ?? "the provider could not deliver it");
    return;
  }
  if ((RANK[status] ?? 0) > (RANK[message.status] ?? 9)) await setStatus(db, message.id, { status });
}

/**
 * A guardian wrote to the academy's number: stored once (the provider's id is the key), the
 * 24-hour window opened, and "STOP" / «إيقاف» ends news and offers on every channel ("START" restores).
 */
export async function receiveMessage(db: DB, input: { channel: "whatsapp" | "sms"; from: string; providerId: string; text: string }): Promise<void> {
  const from = input.from.replace(/\D/g, "").slice(0, 20);
  if (!from) return;
  const known = await preferencesByPhone(db, from);
  const email = known?.email ?? `tel:+${from}`;
  const now = nowIso();
  const stored = await db
    .insertInto("messages")
    .values({
      key: `in:${input.channel}:${input.providerId}`.slice(0, 400),
      direction: "in",
      email,
      category: "service",
      body: input.text.slice(0, 4000),
      channel: input.channel,
      status: "received",
      provider_id: input.providerId,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!stored || !known) return;
  if (input.channel === "whatsapp") await db.updateTable("messaging_preferences").set({ last_inbound_at: now }).where("email", "=", known.email).execute();
  const word = stopOrStart(input.text);
  if (word)
    await saveChoices(db, known.email, {
      lang: known.lang,
      source: input.channel,
      changes: [{ choice: "news", granted: word === "start", text: input.text.trim().slice(0, 100) }],
    });
}
