import webpush from "web-push";
import { guardiansOfProvenPrimary } from "~/features/guardians/queries.server";
import { z } from "zod";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { GuardianRole } from "~server/db/schema";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import { defineJob } from "~server/jobs/job";
import { enqueue } from "~server/jobs/queue";
import type { Logger } from "~server/logger";
import { serverT } from "~server/i18n";
import { templateText, type MessageLink } from "~/features/messaging/index.server";
import type { Lang } from "~/i18n/lang";
import { PUSH_CATEGORIES, type PushCategory } from "./categories";

export type PushDeps = { db: DB; config: Config; logger: Logger };

/** One try of one notification to one browser; its unique key (notification, subscription) makes it one job across instances. */
export const pushSendJob = defineJob("push-send", z.object({ notification: z.number().int().positive(), subscription: z.number().int().positive() }));

const SEND_ATTEMPTS = 5;
/** How long a push service keeps a notification for a browser that is offline (RFC 8030 TTL). */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

export const familyKey = (email: string): string => email.trim().toLowerCase();

export interface QueuedPush {
  /** The event, unique: "certificate:12". The guardian's key is added, so one event reaches each guardian once. */
  event: string;
  email: string;
  category: PushCategory;
  /**
   * The messaging template whose words the notification says (decision 143: one source of text,
   * staff edit it on /admin/messages/templates), filled with `params` (a value known in both
   * languages twice: course_en, course_ar) and `links`, in each browser's language when sent.
   */
  template: string;
  params: Record<string, string>;
  links?: Record<string, MessageLink>;
  /** The page the notification opens, without the language (/account, /account/invoices). */
  url: string;
}

/** What a notification row keeps: the template and its values (decision 143); rows queued before it kept their texts. */
type Stored =
  | { template: string; params: Record<string, string>; links?: Record<string, MessageLink>; url: string }
  | { en: { title: string; body: string }; ar: { title: string; body: string }; url: string };

/** The notification in one language: the category as its title, the template's words as its body. */
async function textsIn(deps: PushDeps, category: string, stored: Stored, lang: Lang) {
  if (!("template" in stored)) return stored[lang];
  const body = await templateText(deps.db, deps.config, stored, lang);
  return body === null ? null : { title: serverT(lang, "push", `titles.${category}`).slice(0, 200), body: body.slice(0, 1000) };
}

/** The categories a guardian turned off. */
export async function offCategories(db: DB, email: string): Promise<Set<string>> {
  const rows = await db.selectFrom("push_choices").select("category").where("email", "=", familyKey(email)).execute();
  return new Set(rows.map((row) => row.category));
}

/**
 * The one way a feature notifies a guardian's phones (issue 45): stores one notification for the
 * event and guardian and queues one send per browser they subscribed, in the caller's transaction
 * (as queueMessage, decision 127). The key is UNIQUE: the same event queued by two instances, or a
 * retried request, stores one row and one job per browser. Returns whether this call stored it.
 */
export async function queuePush(db: DB, push: QueuedPush): Promise<boolean> {
  let stored = await queueFor(db, push, familyKey(push.email));
  // The family's other guardians (decision 139), each with their own choices and browsers, for the categories their role reads.
  for (const email of await guardiansOf(db, familyKey(push.email), push.category)) stored = (await queueFor(db, push, email)) || stored;
  return stored;
}

/** Which events reach a guardian by role (decision 139): a payer's invoices, a pickup guardian's class times, a viewer's reading. */
const GUARDIAN_CATEGORIES: Record<GuardianRole, readonly PushCategory[]> = {
  parent: PUSH_CATEGORIES,
  payer: ["invoice"],
  pickup: ["schedule", "classTomorrow"],
  viewer: ["schedule", "classTomorrow", "absence", "certificate"],
};

/** The e-mails of the guardians of the family whose primary's proven e-mail this is, whose role reads the category. */
async function guardiansOf(db: DB, email: string, category: PushCategory): Promise<string[]> {
  const rows = await guardiansOfProvenPrimary(db, email);
  return rows.filter((row) => GUARDIAN_CATEGORIES[row.role].includes(category)).map((row) => familyKey(row.email));
}

async function queueFor(db: DB, push: QueuedPush, email: string): Promise<boolean> {
  const stored: Stored = { template: push.template, params: push.params, ...(push.links ? { links: push.links } : {}), url: push.url };
  const [off, subscriptions] = await Promise.all([
    offCategories(db, email),
    db.selectFrom("push_subscriptions").select("id").where("email", "=", email).orderBy("id").execute(),
  ]);
  // Nothing is stored for a guardian without a subscribed browser or who turned the category off:
  // every flow of a family that never subscribed is unchanged (as messaging's ownMail, decision 127).
  if (off.has(push.category) || subscriptions.length === 0) return false;
  const now = nowIso();
  const row = await db
    .insertInto("push_notifications")
    .values({
      key: `${push.event}:${email}`.slice(0, 400),
      email,
      category: push.category,
      texts: toDbJson(stored),
      status: "queued",
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return false;
  for (const subscription of subscriptions)
    await enqueue(
      db,
      pushSendJob,
      { notification: row.id, subscription: subscription.id },
      { uniqueKey: `push-send:${row.id}:${subscription.id}`, maxAttempts: SEND_ATTEMPTS },
    );
  return true;
}

/** A push service's answer worth another try (the job's backoff): none at all, 429 or 5xx. */
export class PushRetry extends Error {}

/**
 * The `push-send` job: the notification, encrypted for the browser (RFC 8291, aes128gcm) and signed
 * with our VAPID key (RFC 8292) by the `web-push` library, POSTed to the browser's push service
 * (RFC 8030) with a TTL. A subscription the service answers 404 or 410 for is gone (the browser
 * unsubscribed, or the guardian signed out there): it is removed. 429, 5xx or no answer: retried
 * with the jobs' backoff; any other refusal is logged and given up.
 */
export async function sendPush(deps: PushDeps, notificationId: number, subscriptionId: number): Promise<void> {
  const { db, config, logger } = deps;
  const [notification, subscription] = await Promise.all([
    db.selectFrom("push_notifications").selectAll().where("id", "=", notificationId).executeTakeFirst(),
    db.selectFrom("push_subscriptions").selectAll().where("id", "=", subscriptionId).executeTakeFirst(),
  ]);
  // The browser was removed, or now belongs to someone else (a sign-in as another guardian there).
  if (!notification || !subscription || subscription.email !== notification.email) return;
  // Turned off after the event was queued: the choice holds.
  if ((await offCategories(db, notification.email)).has(notification.category)) return;
  const stored = fromDbJson<Stored | null>(notification.texts, null);
  const lang = subscription.lang;
  const texts = stored ? await textsIn(deps, notification.category, stored, lang) : null;
  // The template was deleted since (nothing to say): given up, as a refusal is.
  if (!stored || !texts) return;
  const payload = JSON.stringify({
    ...texts,
    url: `${lang === "ar" ? "/ar" : ""}${stored.url}`,
    tag: `${notification.category}:${notification.id}`,
    lang,
    dir: lang === "ar" ? "rtl" : "ltr",
  });
  const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
    vapidDetails: { subject: config.vapid.subject, publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey },
    TTL: TTL_SECONDS,
    contentEncoding: "aes128gcm",
    urgency: notification.category === "schedule" ? "high" : "normal",
  });
  let status: number;
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      // The encrypted body (a Buffer): bytes as they are.
      body: request.body as unknown as BodyInit,
      redirect: "error",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    throw new PushRetry(`push service unreachable: ${(error as Error).message}`);
  }
  if (status === 404 || status === 410) {
    await db.deleteFrom("push_subscriptions").where("id", "=", subscription.id).execute();
    return;
  }
  if (status === 429 || status >= 500) throw new PushRetry(`push service answered ${status}`);
  if (status >= 300) {
    logger.warn({ status, subscription: subscription.id }, "a push service refused a notification");
    return;
  }
  await db.updateTable("push_notifications").set({ status: "sent", updated_at: nowIso() }).where("id", "=", notification.id).execute();
}

/** Which endpoints may be stored: a push service on the web (https, a host name); loopback over http outside production (the tests' stand-in). */
export function acceptableEndpoint(endpoint: string, config: Config): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const loopback = host === "localhost" || host === "127.0.0.1" || host === "::1";
  if (url.protocol === "http:" || loopback) return !config.isProduction && loopback && url.protocol === "http:";
  // A push service has a name: an address literal could point anywhere on the network.
  return url.protocol === "https:" && !/^[\d.]+$/.test(host) && !host.includes(":") && host.includes(".");
}

/** Stores (or moves to this guardian) a browser's subscription. */
export async function saveSubscription(db: DB, email: string, input: { endpoint: string; p256dh: string; auth: string; lang: Lang }): Promise<void> {
  const now = nowIso();
  const owner = familyKey(email);
  await db
    .insertInto("push_subscriptions")
    .values({ email: owner, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, lang: input.lang, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("endpoint").doUpdateSet({ email: owner, p256dh: input.p256dh, auth: input.auth, lang: input.lang, updated_at: now }))
    .execute();
}

/** Turns categories on and off for a guardian (a row per category turned off). */
export async function saveCategories(db: DB, email: string, on: ReadonlySet<PushCategory>): Promise<void> {
  const owner = familyKey(email);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("push_choices").where("email", "=", owner).execute();
    const off = PUSH_CATEGORIES.filter((category) => !on.has(category));
    if (off.length > 0)
      await trx
        .insertInto("push_choices")
        .values(off.map((category) => ({ email: owner, category, updated_at: now })))
        .execute();
  });
}

/** What /account shows: each category on or off, and how many browsers receive them. */
export async function pushChoicesOf(db: DB, email: string) {
  const owner = familyKey(email);
  const [off, browsers] = await Promise.all([
    offCategories(db, owner),
    db
      .selectFrom("push_subscriptions")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("email", "=", owner)
      .executeTakeFirstOrThrow(),
  ]);
  return { categories: PUSH_CATEGORIES.map((category) => ({ category, on: !off.has(category) })), browsers: Number(browsers.n) };
}
