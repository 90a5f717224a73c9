import type { Router } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { recordAudit } from "~server/audit/audit";
import type { DB } from "~server/db/db";
import { defineEndpoint, jsonRoutes, type Caller, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { v } from "~/lib/validation";
import { getSiteSettings, phoneCountryOf } from "~/features/site/site.server";
import { findChild } from "~/features/family/children.server";
import { enrolmentLink } from "~/features/enrolments/links.server";
import { sectionWaitlistLink } from "./links.server";
import { ENROLMENT_MAIL, SECTION_DROPPED_MAIL, SECTION_MOVED_MAIL, queueEnrolmentMail } from "./enrolment-mail.server";
import { dropEnrolment, moveEnrolment, type ChangeActor, type ChangedEnrolment, type ChangeResult } from "./enrolment-changes.server";
import { enrolmentForManage } from "./enrolment-manage.server";
import { sectionDropMoney } from "~/features/billing/index.server";
import { enrolmentManagePath, sectionWaitlistPath } from "./paths";
import { acceptSectionOffer, getSectionWaitlistEntry, joinSectionWaitlist, leaveSectionWaitlist } from "./section-waitlist.server";
import { enrolmentSchemaFor } from "./sections.api";
import { sectionParams } from "./sections.schema";
import { MAX_RECORD_ID } from "~/lib/record-id";
import { enrolmentIdByReference } from "~/features/enrolments/queries.server";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "sections", key, values);

/** A link token: the row's id and a MAC, base64url only (anything else names nothing). */
const token = z
  .string({ error: v.required })
  .min(16, v.invalid)
  .max(100, v.invalid)
  .regex(/^[\w-]+$/, v.invalid);
const tokenSchema = z.object({ token });
const sectionId = z.number({ error: v.choice }).int(v.choice).positive(v.choice).max(MAX_RECORD_ID, v.choice);
/** Why a child leaves a group: staff must say; a parent may. */
const reason = z.string({ error: v.required }).trim().max(500, v.tooLong);
export const staffMoveSchema = z.object({ sectionId });
export const staffDropSchema = z.object({ reason: reason.min(1, v.required) });
export const parentMoveSchema = z.object({ token, sectionId });
export const parentDropSchema = z.object({ token, reason: reason.optional().default("") });
/** A staff key of an enrolment: its reference (random, base64url). */
const referenceParams = z.object({ reference: z.string().regex(/^[\w-]{10,64}$/) });

/** The line's and the enrolment's links share one budget per address, as the demo waitlist's do. */
const TOKEN_LIMIT = { name: "section-link-token", limit: 30, windowMs: 60_000 };

const linkTokenOf = (secret: string, id: number, reference: string) => enrolmentLink.token(secret, { id, reference });

const courseNameOf = async (db: DB, sectionId: number, lang: Lang) => {
  const row = await db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["c.name_en", "c.name_ar"])
    .where("s.id", "=", sectionId)
    .executeTakeFirst();
  return row ? pick(row, "name", lang) : "";
};

/** POST /api/sections/:id/waitlist: the enrolment's fields, for a full group (decision 066). */
export const joinSectionWaitlistEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/sections/:id/waitlist",
  access: "anyone",
  limits: [{ name: "section-waitlist", limit: 10, windowMs: 60_000 }],
  params: sectionParams,
  // The settings' country gives the phone rule.
  load: ({ db }) => getSiteSettings(db),
  input: async (_deps, raw, { loaded: settings }) => enrolmentSchemaFor(phoneCountryOf(settings, raw)),
  async run({ deps: { db, config }, caller, params }, input) {
    const lang = caller.lang;
    const childId = input.childId !== null && caller.user ? ((await findChild(db, caller.user.id, input.childId))?.id ?? null) : null;
    const result = await joinSectionWaitlist(db, params.id, { ...input, childId }, { lang, userId: caller.user?.id ?? null, linkSecret: config.sessionSecret });
    if (!result.ok) {
      if (result.reason === "notFound") throw new HttpError(404, say(lang, "api.notFound"));
      if (result.reason === "ageOutside") {
        const message = say(lang, "api.ageOutside", { min: result.minAge, max: result.maxAge });
        throw new HttpError(400, message, { childAge: message });
      }
      return { status: 409, body: { message: say(lang, `waitlistApi.${result.reason}`), reason: result.reason } };
    }
    return {
      status: 201,
      body: {
        message: say(lang, "waitlistApi.joined", { position: result.position }),
        token: result.token,
        position: result.position,
        statusUrl: sectionWaitlistPath(result.token, lang),
      },
    };
  },
});

/** POST /api/section-waitlist/accept: the offered parent takes the held seat: an enrolment, its e-mail and .ics. */
export const acceptSectionOfferEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/section-waitlist/accept",
  access: "anyone",
  limits: [TOKEN_LIMIT],
  input: tokenSchema,
  async run({ deps: { db, config }, caller }, { token }) {
    const result = await acceptSectionOffer(db, await sectionWaitlistLink.open(db, config.sessionSecret, token), async (trx, enrolment) =>
      queueEnrolmentMail(trx, ENROLMENT_MAIL, enrolment, await courseNameOf(trx, enrolment.sectionId, enrolment.lang)),
    );
    if (!result.ok) {
      if (result.reason === "notFound") throw new HttpError(404, say(caller.lang, "waitlistApi.notFound"));
      return { status: 409, body: { message: say(caller.lang, `waitlistApi.accept.${result.reason}`), reason: result.reason } };
    }
    const manageUrl = enrolmentManagePath(linkTokenOf(config.sessionSecret, result.enrolmentId, result.reference), caller.lang);
    return {
      status: 201,
      body: { message: say(caller.lang, "waitlistApi.accepted"), reference: result.reference, code: result.code, sectionId: result.sectionId, manageUrl },
    };
  },
});

/** POST /api/section-waitlist/leave: the parent gives up their place (or the held seat, which passes on). */
export const leaveSectionWaitlistEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/section-waitlist/leave",
  access: "anyone",
  limits: [TOKEN_LIMIT],
  input: tokenSchema,
  async run({ deps: { db, config }, caller }, { token }) {
    const result = await leaveSectionWaitlist(db, await sectionWaitlistLink.open(db, config.sessionSecret, token));
    if (result === "notFound") throw new HttpError(404, say(caller.lang, "waitlistApi.notFound"));
    return { status: 200, body: { message: say(caller.lang, `waitlistApi.leave.${result}`), status: "left" } };
  },
});

/** 409 (or 404) with the refusal in the caller's language; the cut-off's message names the hours and the academy's phone. */
async function refuseChange(db: DB, lang: Lang, result: Extract<ChangeResult, { ok: false }>) {
  if (result.reason === "notFound") throw new HttpError(404, say(lang, "changeApi.notFound"));
  if (result.reason === "targetNotFound" || result.reason === "otherCourse") {
    const message = say(lang, `changeApi.${result.reason}`);
    throw new HttpError(400, message, { sectionId: message });
  }
  const settings = await getSiteSettings(db);
  const message = say(lang, `changeApi.${result.reason}`, { count: settings.sectionChangeCutoffHours, phone: settings.phone });
  return { status: 409, body: { message, reason: result.reason } };
}

/** The e-mail (the family's language) and the audit row of a move or drop, in its transaction. */
const recordChange = (caller: Caller, by: "staff" | "parent", kind: "move" | "drop", reason?: string) => async (trx: DB, enrolment: ChangedEnrolment) => {
  const course = await courseNameOf(trx, enrolment.fromSectionId, enrolment.lang);
  await queueEnrolmentMail(trx, kind === "move" ? SECTION_MOVED_MAIL : SECTION_DROPPED_MAIL, enrolment, course);
  await recordAudit(trx, {
    action: kind,
    entity: "section_enrolment",
    entityId: enrolment.id,
    name: enrolment.childName,
    changes:
      kind === "move"
        ? { section_id: { from: enrolment.fromSectionId, to: enrolment.toSectionId } }
        : { status: { from: "enrolled", to: "dropped" }, drop_reason: { from: null, to: reason ?? "" } },
    summary: { by },
    userId: caller.user?.id ?? null,
  });
};

const staffActor: ChangeActor = { by: "staff" };
const parentActor = async (db: DB): Promise<ChangeActor> => ({ by: "parent", cutoffHours: (await getSiteSettings(db)).sectionChangeCutoffHours });

/** POST /api/admin/enrolments/:reference/move: staff move a child to another group of the course, in one step. */
export const staffMoveEnrolment = defineEndpoint({
  method: "POST",
  path: "/api/admin/enrolments/:reference/move",
  access: "staff",
  params: referenceParams,
  input: staffMoveSchema,
  async run({ deps: { db }, caller, params }, input) {
    const id = await enrolmentIdByReference(db, params.reference);
    const result = await moveEnrolment(db, id, input.sectionId, staffActor, recordChange(caller, "staff", "move"));
    if (!result.ok) return refuseChange(db, caller.lang, result);
    return { status: 200, body: { message: say(caller.lang, "changeApi.moved"), sectionId: input.sectionId } };
  },
});

/** POST /api/admin/enrolments/:reference/drop: staff drop an enrolment with a reason; the seat is offered on. */
export const staffDropEnrolment = defineEndpoint({
  method: "POST",
  path: "/api/admin/enrolments/:reference/drop",
  access: "staff",
  params: referenceParams,
  input: staffDropSchema,
  async run({ deps: { db }, caller, params }, input) {
    const id = await enrolmentIdByReference(db, params.reference);
    const result = await dropEnrolment(db, id, input.reason, staffActor, recordChange(caller, "staff", "drop", input.reason));
    if (!result.ok) return refuseChange(db, caller.lang, result);
    return { status: 200, body: { message: say(caller.lang, "changeApi.dropped"), status: "dropped" } };
  },
});

/** POST /api/enrolments/move: the parent (with the enrolment's link) moves their child, before the cut-off. */
export const parentMoveEnrolment = defineEndpoint({
  method: "POST",
  path: "/api/enrolments/move",
  access: "anyone",
  limits: [TOKEN_LIMIT],
  input: parentMoveSchema,
  async run({ deps: { db, config }, caller }, input) {
    const id = await enrolmentLink.open(db, config.sessionSecret, input.token);
    const result = await moveEnrolment(db, id, input.sectionId, await parentActor(db), recordChange(caller, "parent", "move"));
    if (!result.ok) return refuseChange(db, caller.lang, result);
    return { status: 200, body: { message: say(caller.lang, "changeApi.moved"), sectionId: input.sectionId } };
  },
});

/** POST /api/enrolments/drop: the parent drops the enrolment (a reason optional), before the cut-off. */
export const parentDropEnrolment = defineEndpoint({
  method: "POST",
  path: "/api/enrolments/drop",
  access: "anyone",
  limits: [TOKEN_LIMIT],
  input: parentDropSchema,
  async run({ deps: { db, config }, caller }, input) {
    const id = await enrolmentLink.open(db, config.sessionSecret, input.token);
    const result = await dropEnrolment(db, id, input.reason, await parentActor(db), recordChange(caller, "parent", "drop", input.reason));
    if (!result.ok) return refuseChange(db, caller.lang, result);
    return { status: 200, body: { message: say(caller.lang, "changeApi.dropped"), status: "dropped" } };
  },
});

export const enrolmentChangeEndpoints = [
  joinSectionWaitlistEndpoint,
  acceptSectionOfferEndpoint,
  leaveSectionWaitlistEndpoint,
  staffMoveEnrolment,
  staffDropEnrolment,
  parentMoveEnrolment,
  parentDropEnrolment,
];

/** A link's token as the path carries it; checked after the rate limit, so a malformed one costs a try too and answers its own 404. */
const rawToken = z.object({ token: z.string() });
const tokenParam = z.object({ token });

/** GET /api/section-waitlist/{token}: a place in a group's waitlist, by its link's token. */
export const readSectionWaitlistEntry = defineEndpoint({
  method: "GET",
  path: "/api/section-waitlist/:token",
  access: "anyone",
  params: rawToken,
  limits: [TOKEN_LIMIT],
  input: z.object({}),
  async run({ deps: { db, config }, caller: { lang }, params }) {
    const parsed = tokenParam.safeParse(params);
    const entry = parsed.success
      ? await getSectionWaitlistEntry(db, config.sessionSecret, await sectionWaitlistLink.open(db, config.sessionSecret, parsed.data.token), lang)
      : undefined;
    if (!entry) throw new HttpError(404, say(lang, "waitlistApi.notFound"));
    return {
      status: 200,
      body: {
        entry: {
          status: entry.status,
          position: entry.position,
          sectionId: entry.sectionId,
          courseName: entry.courseName,
          childName: entry.childName,
          startsAt: entry.startsAt,
          offerExpiresAt: entry.offerExpiresAt,
        },
      },
    };
  },
});

/** GET /api/enrolments/{token}: an enrolment's own link: the enrolment, the groups it may move to, and what a drop does to the money now. */
export const readEnrolmentByLink = defineEndpoint({
  method: "GET",
  path: "/api/enrolments/:token",
  access: "anyone",
  params: rawToken,
  limits: [TOKEN_LIMIT],
  input: z.object({}),
  async run({ deps: { db, config }, caller: { lang }, params }) {
    const parsed = tokenParam.safeParse(params);
    const id = parsed.success ? await enrolmentLink.open(db, config.sessionSecret, parsed.data.token) : undefined;
    const found = id === undefined ? undefined : await enrolmentForManage(db, id, lang);
    if (!found || id === undefined) throw new HttpError(404, say(lang, "changeApi.notFound"));
    // What a drop would do to the money now (billing's sectionDropMoney; null: no live invoice).
    return { status: 200, body: { ...found, money: await sectionDropMoney(db, id) } };
  },
});

/** The sections' waitlist and the enrolments' own links (decision 066): reading an entry or an enrolment, and the endpoints above. */
export function enrolmentChangesApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [readSectionWaitlistEntry, readEnrolmentByLink, ...enrolmentChangeEndpoints]);
}
