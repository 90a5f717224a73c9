import { z } from "zod";
import type { DB } from "~server/db/db";
import { defineEndpoint } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { byCallerAccount, type LimitSpec } from "~server/security/rate-limit";
import { getSiteSettings } from "~/features/site/site.server";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { formatInstant } from "~/lib/dates";
import type { Lang } from "~/i18n/lang";
import { idParams, MAX_RECORD_ID } from "~/lib/record-id";
import { v } from "~/lib/validation";
import { zonedToUtc } from "~/lib/zoned-time";
import { audienceOptions, cancelBroadcast, createBroadcast, estimateOf, listBroadcasts, previewTexts, recipientsOf, type Audience } from "./broadcasts.server";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "messaging", key, values);
const perAccount = (name: string, limit: number): LimitSpec => ({ name, limit, windowMs: 60_000, keyBy: byCallerAccount });

export const AUDIENCES = ["section", "course", "camp", "all"] as const;
const text = z.string({ error: v.required }).trim().min(1, v.required).max(700, v.tooLong);
/** Wall-clock time in the academy's zone, as a datetime-local field posts it. */
const LOCAL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

const fields = {
  audience: z.enum(AUDIENCES, { error: v.choice }),
  audienceId: z.number({ error: v.invalid }).int(v.invalid).positive(v.invalid).max(MAX_RECORD_ID, v.invalid).nullable().optional().default(null),
  campSession: z.string({ error: v.invalid }).trim().max(200, v.tooLong).optional().default(""),
  category: z.enum(["service", "news"], { error: v.choice }),
  bodyEn: text,
  bodyAr: text,
  sendAt: z
    .union([z.literal(""), z.string({ error: v.invalid }).regex(LOCAL_TIME, v.invalid)], { error: v.invalid })
    .optional()
    .default(""),
};
type Fields = z.output<z.ZodObject<typeof fields>>;

/** Each audience but all families names its group, course or camp (and a camp its period). */
const audienceNamed = (input: Fields, ctx: z.RefinementCtx) => {
  if (input.audience !== "all" && input.audienceId === null) ctx.addIssue({ code: "custom", path: ["audienceId"], message: v.required });
  if (input.audience === "camp" && input.campSession === "") ctx.addIssue({ code: "custom", path: ["campSession"], message: v.required });
};

/** The broadcast's rules (decision 134), one declaration for the JSON API and the page's form. */
export const broadcastPreviewSchema = z.object(fields).strict().superRefine(audienceNamed);
export const broadcastSchema = z
  .object({
    ...fields,
    // One per form render (as the desk's payments, decision 101): the same key again stores nothing new.
    idempotencyKey: z.string({ error: v.required }).regex(/^[\w-]{16,64}$/, v.invalid),
  })
  .strict()
  .superRefine(audienceNamed);

const audienceOf = (input: Fields): Audience => ({ kind: input.audience, id: input.audience === "all" ? null : input.audienceId, session: input.campSession });

/** The group, course or camp exists (400 on the field otherwise). */
async function checkAudience(db: DB, audience: Audience, lang: Lang): Promise<void> {
  const table = { section: "course_sections", course: "courses", camp: "camps", all: null }[audience.kind];
  if (!table || audience.id === null) return;
  const row = await db
    .selectFrom(table as "courses")
    .select("id")
    .where("id", "=", audience.id)
    .executeTakeFirst();
  if (!row) {
    const message = say(lang, "api.noAudience");
    throw new HttpError(400, message, { audienceId: message });
  }
}

/** The sending time: now (empty) or a time ahead in the academy's zone, at most a year ahead. */
function sendTime(sendAt: string, timeZone: string, lang: Lang): Date | null {
  if (sendAt === "") return null;
  const [date, time] = sendAt.split("T") as [string, string];
  const at = zonedToUtc(date, time, timeZone);
  const fail = (key: string) => {
    const message = serverT(lang, "validation", key);
    return new HttpError(400, message, { sendAt: message });
  };
  if (Number.isNaN(at.getTime())) throw fail("invalid");
  // A minute's grace: "now" typed into the field is now.
  if (at.getTime() < Date.now() - 60_000) throw fail("futureTime");
  if (at.getTime() > Date.now() + 366 * 86_400_000) throw fail("invalid");
  return at;
}

/** What both the preview and the send read first: the audience (checked), the settings, the academy's zone and the send time. */
async function planOf(db: DB, input: Fields, lang: Lang) {
  const audience = audienceOf(input);
  await checkAudience(db, audience, lang);
  const settings = await getSiteSettings(db);
  const zone = timeZoneOf(settings);
  return { audience, settings, zone, at: sendTime(input.sendAt, zone, lang) };
}

/** GET /api/admin/messaging/broadcasts: the newest broadcasts with their delivery figures, and the audiences staff may choose. */
export const listBroadcastsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/admin/messaging/broadcasts",
  access: "staff",
  input: z.object({}).strict(),
  run: async ({ deps: { db }, caller }) => ({
    status: 200,
    body: { broadcasts: await listBroadcasts(db, caller.lang), audiences: await audienceOptions(db, caller.lang) },
  }),
});

/** POST /api/admin/messaging/broadcasts/preview: the message in both languages, who it reaches now by first channel, and its estimated cost. Stores nothing. */
export const previewBroadcast = defineEndpoint({
  method: "POST",
  path: "/api/admin/messaging/broadcasts/preview",
  access: "staff",
  limits: [perAccount("messaging-broadcast-preview", 60)],
  input: broadcastPreviewSchema,
  async run({ deps: { db, config }, caller }, input) {
    const { audience, settings, zone, at } = await planOf(db, input, caller.lang);
    const recipients = await recipientsOf(db, config, audience, input.category);
    const estimate = estimateOf(recipients, input.category, settings);
    return {
      status: 200,
      body: {
        preview: await previewTexts(db, input.category, { en: input.bodyEn, ar: input.bodyAr }),
        recipients: recipients.length,
        byChannel: estimate.byChannel,
        estimate: { minor: estimate.minor, currency: estimate.currency },
        sendAt: at ? at.toISOString() : null,
        sendAtLabel: at ? formatInstant(at.toISOString(), caller.lang, zone) : "",
      },
    };
  },
});

/**
 * POST /api/admin/messaging/broadcasts: sends (or schedules, `sendAt` in academy time) a message to
 * a group, a course, a camp period or all families, only to those opted in for its category, each
 * once (the idempotency key: a repeat answers 200 with the first broadcast).
 */
export const sendBroadcastEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/messaging/broadcasts",
  access: "staff",
  limits: [perAccount("messaging-broadcast", 20)],
  input: broadcastSchema,
  async run({ deps: { db, config }, caller }, input) {
    const { audience, zone, at } = await planOf(db, input, caller.lang);
    const done = await createBroadcast(db, config, {
      key: input.idempotencyKey,
      audience,
      category: input.category,
      bodyEn: input.bodyEn,
      bodyAr: input.bodyAr,
      sendAt: at,
      userId: caller.user.id,
    });
    const message = at
      ? say(caller.lang, "api.broadcastScheduled", { time: formatInstant(done.sendAt, caller.lang, zone) })
      : say(caller.lang, "api.broadcastQueued");
    return { status: done.created ? 201 : 200, body: { message, id: done.id, status: done.status, sendAt: done.sendAt } };
  },
});

/** POST /api/admin/messaging/broadcasts/{id}/cancel: calls off a broadcast not sent yet (409 once it went). */
export const cancelBroadcastEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/messaging/broadcasts/:id/cancel",
  access: "staff",
  params: idParams,
  limits: [perAccount("messaging-broadcast-cancel", 30)],
  input: z.object({}).strict(),
  async run({ deps: { db }, caller, params }) {
    const outcome = await cancelBroadcast(db, params.id, caller.user.id);
    if (outcome === "notFound") throw new HttpError(404, say(caller.lang, "api.noBroadcast"));
    if (outcome === "alreadySent") return { status: 409, body: { message: say(caller.lang, "api.broadcastGone") } };
    return { status: 200, body: { message: say(caller.lang, "api.broadcastCancelled") } };
  },
});

export const broadcastEndpoints = [listBroadcastsEndpoint, previewBroadcast, sendBroadcastEndpoint, cancelBroadcastEndpoint];
