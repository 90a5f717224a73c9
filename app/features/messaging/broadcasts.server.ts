import { z } from "zod";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { BroadcastAudience, MessageCategory, MessageChannel, MessageStatus } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { defineJob } from "~server/jobs/job";
import { enqueue } from "~server/jobs/queue";
import { recordAudit } from "~server/audit/audit";
import { getSiteSettings } from "~/features/site/site.server";
import type { SiteSettings } from "~/features/site/settings.schema";
import type { Lang } from "~/i18n/lang";
import { formatCalendarDay } from "~/lib/dates";
import { batchLabels } from "~/lib/camp-batch-labels.server";
import { channelsFor, queueMessage, type MessagingDeps } from "./delivery.server";
import { familyKey, preferencesOfMany } from "./preferences.server";
import { fillTemplate } from "./templates";
import { campBatchesWithEnrolments, campEnrolmentEmails, enrolledEmails } from "~/features/enrolments/queries.server";
import { groupsEndingFrom } from "~/features/sections/queries.server";
import { allCourseNames } from "~/features/admin-content/queries.server";

/** A broadcast going out at its time: one job per broadcast and time, so two instances queue its messages once. */
export const broadcastSendJob = defineJob("broadcast-send", z.object({ id: z.number().int().positive() }));

export interface Audience {
  kind: BroadcastAudience;
  /** The group's, course's or camp's id; null for all families. */
  id: number | null;
  /** A camp period's batch. */
  session: string;
}

/** The template a broadcast's text fills: news and offers carry the STOP line; service messages do not. */
export const broadcastTemplate = (category: MessageCategory): string => (category === "news" ? "news" : "announcement");

/** Not a family to write to: an erased account's address, an unknown number's thread. */
const reachable = (email: string) => email.includes("@") && !email.endsWith(".invalid") && !email.startsWith("tel:");

/**
 * The families of an audience, by family key: a group's enrolled children, a course's groups not
 * over yet, a camp period's enrolments; all families is each of those with every family who made a
 * messaging choice. Consent is applied after (recipientsOf).
 */
export async function audienceEmails(db: DB, audience: Audience, now = nowIso()): Promise<string[]> {
  const lists: { email: string }[][] = [];
  if (audience.kind === "section") lists.push(await enrolledEmails(db, { sectionId: audience.id ?? 0 }));
  if (audience.kind === "course") lists.push(await enrolledEmails(db, { courseId: audience.id ?? 0, endsFrom: now }));
  if (audience.kind === "camp") lists.push(await campEnrolmentEmails(db, { campId: audience.id ?? 0, session: audience.session }));
  if (audience.kind === "all") {
    lists.push(await enrolledEmails(db, { endsFrom: now }));
    lists.push(await campEnrolmentEmails(db));
    lists.push(await db.selectFrom("messaging_preferences").select("email").execute());
  }
  return [...new Set(lists.flat().map((row) => familyKey(row.email)))].filter(reachable).sort();
}

export interface Recipient {
  email: string;
  /** The first channel the message will try (the estimate's price). */
  channel: MessageChannel;
}

/**
 * Who a broadcast reaches now: the audience's families who opted in to news and offers (for news),
 * and who have a channel this installation can use (the channel preference, as every message).
 */
export async function recipientsOf(db: DB, config: Config, audience: Audience, category: MessageCategory): Promise<Recipient[]> {
  const prefs = await preferencesOfMany(db, await audienceEmails(db, audience));
  const recipients: Recipient[] = [];
  for (const family of prefs) {
    if (category === "news" && !family.news) continue;
    const channel = channelsFor(config, family, { ownMail: false, reply: false })[0];
    if (channel) recipients.push({ email: family.email, channel });
  }
  return recipients;
}

/** The estimated cost (decision 134): each recipient's first channel at its price per 1,000, WhatsApp by the category as Meta bills it. */
export function estimateOf(recipients: readonly Recipient[], category: MessageCategory, settings: SiteSettings) {
  const perThousand: Record<MessageChannel, number> = {
    whatsapp: category === "news" ? settings.messagingPriceWhatsappNews : settings.messagingPriceWhatsappService,
    sms: settings.messagingPriceSms,
    email: 0,
  };
  const byChannel: Record<MessageChannel, number> = { whatsapp: 0, sms: 0, email: 0 };
  for (const recipient of recipients) byChannel[recipient.channel] += 1;
  const total = (Object.keys(byChannel) as MessageChannel[]).reduce((sum, channel) => sum + byChannel[channel] * perThousand[channel], 0);
  return { byChannel, minor: Math.round(total / 1000), currency: settings.messagingPriceCurrency };
}

/** The message as each language's guardians will read it: the category's template filled with the text. */
export async function previewTexts(db: DB, category: MessageCategory, text: { en: string; ar: string }) {
  const template = await db
    .selectFrom("messaging_templates")
    .select(["body_en", "body_ar"])
    .where("key", "=", broadcastTemplate(category))
    .executeTakeFirstOrThrow();
  return { en: fillTemplate(template.body_en, { text: text.en }), ar: fillTemplate(template.body_ar, { text: text.ar }) };
}

export interface NewBroadcast {
  key: string;
  audience: Audience;
  category: MessageCategory;
  bodyEn: string;
  bodyAr: string;
  /** null: now. */
  sendAt: Date | null;
  userId: number;
}

/**
 * Stores a broadcast and queues its sending for its time, once per idempotency key: the same form
 * posted twice (a double click, two tabs, a retry) finds the first and answers as it did.
 */
export async function createBroadcast(db: DB, config: Config, input: NewBroadcast): Promise<{ id: number; created: boolean; status: string; sendAt: string }> {
  const settings = await getSiteSettings(db);
  const estimate = estimateOf(await recipientsOf(db, config, input.audience, input.category), input.category, settings);
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const sendAt = (input.sendAt ?? new Date()).toISOString();
    const row = await trx
      .insertInto("messaging_broadcasts")
      .values({
        key: input.key,
        audience: input.audience.kind,
        audience_id: input.audience.kind === "all" ? null : input.audience.id,
        audience_session: input.audience.kind === "camp" ? input.audience.session : "",
        category: input.category,
        body_en: input.bodyEn,
        body_ar: input.bodyAr,
        send_at: sendAt,
        status: "scheduled",
        estimate_minor: estimate.minor,
        estimate_currency: estimate.currency,
        created_by: input.userId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) {
      const first = await trx.selectFrom("messaging_broadcasts").select(["id", "status", "send_at"]).where("key", "=", input.key).executeTakeFirstOrThrow();
      return { id: first.id, created: false, status: first.status, sendAt: first.send_at };
    }
    await enqueue(trx, broadcastSendJob, { id: row.id }, { uniqueKey: `broadcast-send:${row.id}:${sendAt}`, runAt: new Date(sendAt), maxAttempts: 5 });
    await recordAudit(trx, {
      userId: input.userId,
      action: "create",
      entity: "message_broadcast",
      entityId: row.id,
      name: input.bodyEn.slice(0, 80),
      summary: { audience: input.audience.kind, audienceId: input.audience.id, category: input.category, sendAt },
    });
    return { id: row.id, created: true, status: "scheduled", sendAt };
  });
}

/** Staff call off a broadcast not sent yet; false when it already went (or was called off). */
export async function cancelBroadcast(db: DB, id: number, userId: number): Promise<"cancelled" | "notFound" | "alreadySent"> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("messaging_broadcasts")
      .set({ status: "cancelled", updated_at: nowIso() })
      .where("id", "=", id)
      .where("status", "=", "scheduled")
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      const row = await trx.selectFrom("messaging_broadcasts").select("id").where("id", "=", id).executeTakeFirst();
      return row ? "alreadySent" : "notFound";
    }
    await recordAudit(trx, { userId, action: "cancel", entity: "message_broadcast", entityId: id });
    return "cancelled";
  });
}

/**
 * The `broadcast-send` job: at its time, the audience's consenting families as they are now (a STOP
 * since scheduling counts), each through queueMessage keyed by broadcast and guardian, in one
 * transaction that also marks the broadcast sent (a conditional update: sent once).
 */
export async function sendBroadcast(deps: MessagingDeps, id: number): Promise<void> {
  const { db, config } = deps;
  const broadcast = await db.selectFrom("messaging_broadcasts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!broadcast || broadcast.status !== "scheduled") return;
  // Never before its time, whoever runs the job.
  if (broadcast.send_at > nowIso()) {
    await enqueue(db, broadcastSendJob, { id }, { uniqueKey: `broadcast-send:${id}:${broadcast.send_at}`, runAt: new Date(broadcast.send_at), maxAttempts: 5 });
    return;
  }
  const audience: Audience = { kind: broadcast.audience, id: broadcast.audience_id, session: broadcast.audience_session };
  const recipients = await recipientsOf(db, config, audience, broadcast.category);
  const estimate = estimateOf(recipients, broadcast.category, await getSiteSettings(db));
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const claimed = await trx
      .updateTable("messaging_broadcasts")
      .set({
        status: "sent",
        sent_at: now,
        recipients: recipients.length,
        estimate_minor: estimate.minor,
        estimate_currency: estimate.currency,
        updated_at: now,
      })
      .where("id", "=", id)
      .where("status", "=", "scheduled")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    for (const recipient of recipients)
      await queueMessage(trx, {
        event: `broadcast:${id}`,
        email: recipient.email,
        template: broadcastTemplate(broadcast.category),
        params: { text_en: broadcast.body_en, text_ar: broadcast.body_ar },
        broadcastId: id,
      });
  });
}

export interface Figures {
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  skipped: number;
  pending: number;
}

const FIGURE_OF: Partial<Record<MessageStatus, (keyof Figures)[]>> = {
  sent: ["sent"],
  delivered: ["sent", "delivered"],
  read: ["sent", "delivered", "read"],
  failed: ["failed"],
  dead: ["failed"],
  skipped: ["skipped"],
  queued: ["pending"],
  held: ["pending"],
};

/** Delivery figures per broadcast, from its messages' own statuses: delivered counts read ones, sent counts both. */
export async function broadcastFigures(db: DB, ids: readonly number[]): Promise<Map<number, Figures>> {
  const figures = new Map<number, Figures>(ids.map((id) => [id, { sent: 0, delivered: 0, read: 0, failed: 0, skipped: 0, pending: 0 }]));
  if (ids.length === 0) return figures;
  const rows = await db
    .selectFrom("messages")
    .select((eb) => ["broadcast_id", "status", eb.fn.countAll().as("n")])
    .where("broadcast_id", "in", [...ids])
    .groupBy(["broadcast_id", "status"])
    .execute();
  for (const row of rows) {
    const figure = figures.get(Number(row.broadcast_id));
    if (!figure) continue;
    for (const name of FIGURE_OF[row.status] ?? []) figure[name] += Number(row.n);
  }
  return figures;
}

/** What staff may send to, with labels in `lang`: groups not over for long, courses, camp periods with enrolments. */
export async function audienceOptions(db: DB, lang: Lang) {
  const pick = (en: string, ar: string) => (lang === "ar" && ar.trim() ? ar : en);
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const sections = await groupsEndingFrom(db, since, 300);
  const courses = await allCourseNames(db, { order: "name", limit: 300 });
  const camps = await campBatchesWithEnrolments(db, 100);
  return {
    sections: sections.map((row) => ({
      id: row.id,
      label: `${pick(row.name_en, row.name_ar)} · ${formatCalendarDay(row.first_date, lang)} · ${row.start_time}`,
    })),
    courses: courses.map((row) => ({ id: row.id, label: pick(row.name_en, row.name_ar) })),
    // The period in the page's language (the enrolment keeps the English batch value).
    camps: camps.map((row) => ({
      id: row.id,
      session: row.session,
      label: `${pick(row.title_en, row.title_ar)} · ${batchLabels(row.batches, row.session)[lang]}`,
    })),
  };
}
export type AudienceOptions = Awaited<ReturnType<typeof audienceOptions>>;

/** The newest broadcasts with their audience's label and delivery figures. */
export async function listBroadcasts(db: DB, lang: Lang, limit = 50) {
  const rows = await db.selectFrom("messaging_broadcasts").selectAll().orderBy("id", "desc").limit(limit).execute();
  const figures = await broadcastFigures(
    db,
    rows.map((row) => row.id),
  );
  const options = await audienceOptions(db, lang);
  const labelOf = (row: (typeof rows)[number]) => {
    if (row.audience === "section") return options.sections.find((option) => option.id === row.audience_id)?.label ?? `#${row.audience_id}`;
    if (row.audience === "course") return options.courses.find((option) => option.id === row.audience_id)?.label ?? `#${row.audience_id}`;
    if (row.audience === "camp")
      return options.camps.find((option) => option.id === row.audience_id && option.session === row.audience_session)?.label ?? row.audience_session;
    return "";
  };
  return rows.map((row) => ({
    id: row.id,
    audience: row.audience,
    audienceId: row.audience_id,
    audienceSession: row.audience_session,
    audienceLabel: labelOf(row),
    category: row.category,
    bodyEn: row.body_en,
    bodyAr: row.body_ar,
    sendAt: row.send_at,
    status: row.status,
    recipients: row.recipients,
    estimate: { minor: row.estimate_minor, currency: row.estimate_currency },
    figures: figures.get(row.id)!,
  }));
}
export type BroadcastRow = Awaited<ReturnType<typeof listBroadcasts>>[number];
