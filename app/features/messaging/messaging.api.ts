import { Router } from "express";
import { z } from "zod";
import type { DB } from "~server/db/db";
import { fromDbJson, nowIso } from "~server/db/values";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { diffFields, recordAudit } from "~server/audit/audit";
import { serverT } from "~server/i18n";
import { byCallerAccount, type LimitSpec } from "~server/security/rate-limit";
import type { Lang } from "~/i18n/lang";
import { phoneField, v } from "~/lib/validation";
import { sitePhoneCountry } from "~/features/site/site.server";
import { CHOICES, consentLog, familyKey, preferencesOf, saveChoices, type Choice } from "./preferences.server";
import { queueReply } from "./delivery.server";
import { templateParams } from "./templates";
import { webhookEndpoints } from "./webhooks.api";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "messaging", key, values);
const perAccount = (name: string, limit: number): LimitSpec => ({ name, limit, windowMs: 60_000, keyBy: byCallerAccount });
const flag = z.boolean({ error: v.invalid });

/** The words a guardian sees beside each choice, stored with the choice (decision 127). */
export const choiceText = (lang: Lang, choice: Choice) => say(lang, `choices.${choice}`);

async function preferencesSchema(deps: EndpointDeps) {
  const country = await sitePhoneCountry(deps.db);
  return z
    .object({
      phone: z
        .union([z.literal(""), phoneField(country)])
        .optional()
        .default(""),
      lang: z.enum(["en", "ar"], { error: v.choice }),
      whatsapp: flag,
      sms: flag,
      email: flag,
      news: flag,
      source: z.enum(["account", "api"], { error: v.choice }).optional().default("api"),
    })
    .strict()
    .refine((input) => input.phone !== "" || (!input.whatsapp && !input.sms), { message: "phoneNeeded", path: ["phone"] });
}

/** What the account page and GET show: the choices, their texts in the caller's language, the recent log. */
export async function accountMessaging(db: DB, email: string, lang: Lang) {
  const prefs = await preferencesOf(db, email);
  return {
    preferences: { phone: prefs.phone, lang: prefs.lang, whatsapp: prefs.whatsapp, sms: prefs.sms, email: prefs.email_channel, news: prefs.news },
    texts: Object.fromEntries(CHOICES.map((choice) => [choice, choiceText(lang, choice)])),
    log: (await consentLog(db, email)).map((row) => ({
      choice: row.choice,
      granted: row.granted === 1,
      text: row.text,
      lang: row.lang,
      source: row.source,
      at: row.created_at,
    })),
  };
}

/** GET /api/account/messaging: the guardian's channels and categories, and the log of their choices. */
export const ownMessaging = defineEndpoint({
  method: "GET",
  path: "/api/account/messaging",
  access: "signed-in",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  input: z.object({}),
  run: async ({ deps: { db }, caller }) => ({ status: 200, body: await accountMessaging(db, caller.user.email, caller.lang) }),
});

/** POST /api/account/messaging: the guardian's choices; each change is stored with its words, time and source. */
export const saveMessaging = defineEndpoint({
  method: "POST",
  path: "/api/account/messaging",
  access: "signed-in",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  limits: [perAccount("account-messaging", 30)],
  input: preferencesSchema,
  async run({ deps: { db }, caller }, input) {
    // The words are the ones of the language the guardian read them in (the page's).
    const changes = CHOICES.map((choice) => ({ choice, granted: input[choice], text: choiceText(caller.lang, choice) }));
    const phone = input.phone.replace(/^\+/, "");
    const changed = await saveChoices(db, caller.user.email, { phone, lang: input.lang, changes, source: input.source });
    return { status: 200, body: { message: say(caller.lang, "api.saved"), changed, ...(await accountMessaging(db, caller.user.email, caller.lang)) } };
  },
});

const messageStatus = z.enum(["queued", "held", "sent", "delivered", "read", "failed", "skipped", "dead", "received"], { error: v.choice });

/** The newest messages, for staff: all, by status (dead ones), or one family's thread. */
export async function staffMessages(db: DB, filter: { status?: string; email?: string }, limit = 100) {
  let query = db
    .selectFrom("messages")
    .select(["id", "direction", "email", "template", "category", "channel", "status", "body", "last_error", "fallbacks", "created_at", "updated_at"]);
  if (filter.status) query = query.where("status", "=", filter.status as z.infer<typeof messageStatus>);
  if (filter.email) query = query.where("email", "=", filter.email);
  return query.orderBy("id", "desc").limit(limit).execute();
}

/** The families who wrote in or were written to, newest first: the inbox's threads. */
export async function staffThreads(db: DB, limit = 50, families?: readonly string[]) {
  let threads = db.selectFrom("messages").select((eb) => ["email", eb.fn.max("created_at").as("last_at"), eb.fn.count<number>("id").as("count")]);
  // An instructor's: only their groups' families (inbox.api.ts).
  if (families) threads = threads.where("email", "in", families.length > 0 ? families : [""]);
  const rows = await threads.groupBy("email").orderBy("last_at", "desc").limit(limit).execute();
  const prefs = await db
    .selectFrom("messaging_preferences")
    .select(["email", "last_inbound_at", "assigned_to"])
    .where("email", "in", rows.length > 0 ? rows.map((row) => row.email) : [""])
    .execute();
  const byEmail = new Map(prefs.map((row) => [row.email, row]));
  return rows.map((row) => {
    const pref = byEmail.get(row.email);
    const open = pref?.last_inbound_at ? Date.now() - Date.parse(pref.last_inbound_at) < 24 * 60 * 60_000 : false;
    return { email: row.email, lastAt: String(row.last_at), count: Number(row.count), windowOpen: open, assignedTo: pref?.assigned_to ?? null };
  });
}

/** GET /api/admin/messaging/messages: the newest messages (?status=dead for those given up, ?email= for one family's thread). */
export const listMessages = defineEndpoint({
  method: "GET",
  path: "/api/admin/messaging/messages",
  access: "staff",
  input: z.object({ status: messageStatus.optional(), email: z.string().trim().max(254, v.tooLong).optional() }).strict(),
  run: async ({ deps: { db } }, input) => ({
    status: 200,
    body: { messages: await staffMessages(db, { status: input.status, email: input.email ? familyKey(input.email) : undefined }) },
  }),
});

/** GET /api/admin/messaging/threads: the inbox, one thread per family. */
export const listThreads = defineEndpoint({
  method: "GET",
  path: "/api/admin/messaging/threads",
  access: "staff",
  input: z.object({}).strict(),
  run: async ({ deps: { db } }) => ({ status: 200, body: { threads: await staffThreads(db) } }),
});

/** POST /api/admin/messaging/replies: staff answer a family inside the 24-hour window, from the academy's number. */
export const replyToFamily = defineEndpoint({
  method: "POST",
  path: "/api/admin/messaging/replies",
  access: "staff",
  limits: [perAccount("messaging-reply", 60)],
  input: z
    .object({
      email: z.string({ error: v.required }).trim().min(1, v.required).max(254, v.tooLong),
      text: z.string({ error: v.required }).trim().min(1, v.required).max(1000, v.tooLong),
    })
    .strict(),
  async run({ deps: { db }, caller }, input) {
    const prefs = await db.selectFrom("messaging_preferences").select(["last_inbound_at"]).where("email", "=", familyKey(input.email)).executeTakeFirst();
    if (!prefs) throw new HttpError(404, say(caller.lang, "api.noThread"));
    const open = prefs.last_inbound_at !== null && Date.now() - Date.parse(prefs.last_inbound_at) < 24 * 60 * 60_000;
    if (!open) return { status: 409, body: { message: say(caller.lang, "api.windowClosed") } };
    const id = await queueReply(db, { email: input.email, text: input.text, sentBy: caller.user.id });
    return { status: 201, body: { message: say(caller.lang, "api.replyQueued"), id } };
  },
});

const templateKey = z.object({ key: z.string().regex(/^[a-z_]{1,60}$/) });

/** GET /api/admin/messaging/templates: every template with its texts, parameters and WhatsApp approval. */
export const listTemplates = defineEndpoint({
  method: "GET",
  path: "/api/admin/messaging/templates",
  access: "staff",
  input: z.object({}).strict(),
  async run({ deps: { db } }) {
    const rows = await db.selectFrom("messaging_templates").selectAll().orderBy("key").execute();
    return { status: 200, body: { templates: rows.map((row) => ({ ...row, params: templateParams(row.body_en) })) } };
  },
});

const waText = (max: number) => z.string({ error: v.invalid }).trim().max(max, v.tooLong);

/** PUT /api/admin/messaging/templates/{key}: staff change a template's words (both languages keep the same parameters) and its WhatsApp name, languages, category and approval. */
export const saveTemplate = defineEndpoint({
  method: "PUT",
  path: "/api/admin/messaging/templates/:key",
  access: "staff",
  params: templateKey,
  input: z
    .object({
      bodyEn: z.string({ error: v.required }).trim().min(1, v.required).max(1000, v.tooLong),
      bodyAr: z.string({ error: v.required }).trim().min(1, v.required).max(1000, v.tooLong),
      waName: waText(512).regex(/^[a-z0-9_]*$/, v.invalid),
      waLanguageEn: waText(10).regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, v.invalid),
      waLanguageAr: waText(10).regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, v.invalid),
      waCategory: z.enum(["utility", "marketing"], { error: v.choice }),
      waApproved: flag,
    })
    .strict()
    .refine((input) => templateParams(input.bodyEn).sort().join() === templateParams(input.bodyAr).sort().join(), { message: "sameParams", path: ["bodyAr"] }),
  async run({ deps: { db }, caller, params }, input) {
    const row = await db.selectFrom("messaging_templates").selectAll().where("key", "=", params.key).executeTakeFirst();
    if (!row) throw new HttpError(404, say(caller.lang, "api.noTemplate"));
    // The callers fill the parameters the seeded text names: a changed text keeps the same ones.
    if (templateParams(row.body_en).sort().join() !== templateParams(input.bodyEn).sort().join()) {
      const message = say(caller.lang, "api.sameParams", { params: templateParams(row.body_en).join(", ") });
      throw new HttpError(400, message, { bodyEn: message });
    }
    const values = {
      body_en: input.bodyEn,
      body_ar: input.bodyAr,
      wa_name: input.waName,
      wa_language_en: input.waLanguageEn,
      wa_language_ar: input.waLanguageAr,
      wa_category: input.waCategory,
      wa_approved: Number(input.waApproved),
    };
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("messaging_templates")
        .set({ ...values, updated_at: nowIso() })
        .where("id", "=", row.id)
        .execute();
      await recordAudit(trx, {
        userId: caller.user.id,
        action: "update",
        entity: "message_template",
        entityId: row.id,
        name: row.key,
        changes: diffFields(row, values),
      });
    });
    return { status: 200, body: { message: say(caller.lang, "api.templateSaved") } };
  },
});

/** The stored parameters of a message, for the staff list. */
export const messageParams = (params: string) => fromDbJson<{ values?: Record<string, string> }>(params, {}).values ?? {};

export const messagingEndpoints = [ownMessaging, saveMessaging, listMessages, listThreads, replyToFamily, listTemplates, saveTemplate];

export function messagingApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, [...messagingEndpoints, ...webhookEndpoints]));
  return router;
}
