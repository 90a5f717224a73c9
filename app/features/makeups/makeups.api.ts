import { familyEndpoint } from "~/features/family/account-owner.server";
import { Router } from "express";
import { z } from "zod";
import type { DB } from "~server/db/db";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { byCallerAccount, type LimitSpec } from "~server/security/rate-limit";
import type { Lang } from "~/i18n/lang";
import { v } from "~/lib/validation";
import { getSiteSettings } from "~/features/site/site.server";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { absenceLinkedId, cancelMakeup, ownedEnrolmentIds, reportAbsence, spendCredit, type AbsenceResult, type MakeupRules } from "./makeups.server";
import { comingMeetings, familyCredits } from "./makeups-overview.server";
import { withCountWords } from "./count-words";
import { MAX_RECORD_ID } from "~/lib/record-id";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) =>
  serverT(
    lang,
    "makeups",
    key,
    withCountWords(values, (word, count) => serverT(lang, "makeups", word, { count })),
  );

const id = z.number({ error: v.choice }).int(v.choice).positive(v.choice).max(MAX_RECORD_ID, v.choice);
const reason = z.string({ error: v.invalid }).trim().max(300, v.tooLong).optional().default("");
/** The absence link's key: an enrolment id and a MAC (anything else names nothing). */
const token = z
  .string({ error: v.required })
  .min(16, v.invalid)
  .max(100, v.invalid)
  .regex(/^[\w-]+$/, v.invalid);

export const accountAbsenceSchema = z.object({ enrolmentId: id, meetingId: id, reason });
export const linkAbsenceSchema = z.object({ token, meetingId: id, reason });
export const bookMakeupSchema = z.object({ creditId: id, meetingId: id });
export const cancelMakeupSchema = z.object({ creditId: id });

/** The account endpoints' answer to a signed-out caller (the account space's own words). */
const SIGNED_IN = { access: "signed-in", signedOut: { ns: "accounts", key: "api.notSignedIn" } } as const;
const perAccount = (name: string, limit: number): LimitSpec => ({ name, limit, windowMs: 60_000, keyBy: byCallerAccount });
/** The e-mail link's budget per address, as the enrolment links' (30 a minute). */
const LINK_LIMIT = { name: "absence-link", limit: 30, windowMs: 60_000 };

export const rulesOf = async (db: DB): Promise<MakeupRules & { timeZone: string }> => {
  const settings = await getSiteSettings(db);
  return {
    absenceNoticeHours: settings.absenceNoticeHours,
    makeupCreditDays: settings.makeupCreditDays,
    makeupAllowance: settings.makeupAllowance,
    timeZone: timeZoneOf(settings),
  };
};

/** 201 with the credit (or the late notice's "no credit"), 404 / 409 with the refusal in the caller's language. */
async function answerAbsence(lang: Lang, rules: MakeupRules, result: AbsenceResult) {
  if (!result.ok) {
    if (result.reason === "notFound") throw new HttpError(404, say(lang, "api.enrolmentNotFound"));
    if (result.reason === "meetingNotFound") {
      const message = say(lang, "api.meetingNotFound");
      throw new HttpError(400, message, { meetingId: message });
    }
    return { status: 409, body: { message: say(lang, `api.${result.reason}`), reason: result.reason } };
  }
  const message = result.credit
    ? say(lang, "api.reportedWithCredit", { days: rules.makeupCreditDays })
    : say(lang, "api.reportedLate", { hours: rules.absenceNoticeHours });
  return { status: 201, body: { message, absenceId: result.absenceId, credit: result.credit } };
}

/** POST /api/account/absences: a parent reports that their child misses a coming class of the child's group. */
export const reportAccountAbsence = familyEndpoint("act", {
  method: "POST",
  path: "/api/account/absences",
  ...SIGNED_IN,
  limits: [perAccount("account-absence", 30)],
  input: accountAbsenceSchema,
  async run({ deps: { db }, caller }, input) {
    const user = caller.user;
    // Only the account's own enrolments: another family's id is "not found", as a missing one.
    const owned = await ownedEnrolmentIds(db, user.id);
    const rules = await rulesOf(db);
    const result = owned.includes(input.enrolmentId)
      ? await reportAbsence(db, { enrolmentId: input.enrolmentId, meetingId: input.meetingId, reason: input.reason, via: "account", userId: user.id }, rules)
      : ({ ok: false, reason: "notFound" } as const);
    return answerAbsence(caller.lang, rules, result);
  },
});

/** POST /api/absences: the same from the meeting reminder's link, without signing in (its token names the enrolment). */
export const reportLinkAbsence = defineEndpoint({
  method: "POST",
  path: "/api/absences",
  access: "anyone",
  limits: [LINK_LIMIT],
  input: linkAbsenceSchema,
  async run({ deps: { db, config }, caller }, input) {
    const enrolmentId = await absenceLinkedId(db, config.sessionSecret, input.token);
    if (enrolmentId === undefined) throw new HttpError(404, say(caller.lang, "api.linkNotFound"));
    const rules = await rulesOf(db);
    return answerAbsence(
      caller.lang,
      rules,
      await reportAbsence(db, { enrolmentId, meetingId: input.meetingId, reason: input.reason, via: "link", userId: null }, rules),
    );
  },
});

/** POST /api/account/makeups: spends a credit on a seat in another group's class of the course. */
export const bookMakeup = familyEndpoint("act", {
  method: "POST",
  path: "/api/account/makeups",
  ...SIGNED_IN,
  limits: [perAccount("account-makeup", 30)],
  input: bookMakeupSchema,
  async run({ deps: { db }, caller }, input) {
    const rules = await rulesOf(db);
    const result = await spendCredit(db, { ...input, enrolmentIds: await ownedEnrolmentIds(db, caller.user.id) }, rules.makeupAllowance);
    if (!result.ok) {
      if (result.reason === "creditNotFound") throw new HttpError(404, say(caller.lang, "api.creditNotFound"));
      if (result.reason === "meetingNotFound" || result.reason === "ownGroup") {
        const message = say(caller.lang, `api.${result.reason}`);
        throw new HttpError(400, message, { meetingId: message });
      }
      return { status: 409, body: { message: say(caller.lang, `api.${result.reason}`), reason: result.reason } };
    }
    return { status: 201, body: { message: say(caller.lang, "api.booked"), meetingId: result.meetingId, startsAt: result.startsAt } };
  },
});

/** POST /api/account/makeups/cancel: gives a booked make-up back before the notice window; the credit is free again. */
export const cancelAccountMakeup = familyEndpoint("act", {
  method: "POST",
  path: "/api/account/makeups/cancel",
  ...SIGNED_IN,
  limits: [perAccount("account-makeup", 30)],
  input: cancelMakeupSchema,
  async run({ deps: { db }, caller }, input) {
    const rules = await rulesOf(db);
    const result = await cancelMakeup(db, { creditId: input.creditId, enrolmentIds: await ownedEnrolmentIds(db, caller.user.id) }, rules.absenceNoticeHours);
    if (!result.ok) {
      if (result.reason === "creditNotFound") throw new HttpError(404, say(caller.lang, "api.creditNotFound"));
      return { status: 409, body: { message: say(caller.lang, `api.${result.reason}`, { hours: rules.absenceNoticeHours }), reason: result.reason } };
    }
    return { status: 200, body: { message: say(caller.lang, "api.cancelled") } };
  },
});

export const makeupEndpoints = [reportAccountAbsence, reportLinkAbsence, bookMakeup, cancelAccountMakeup];

/** What /account/makeups shows, for the signed-in account: coming classes, credits and their choices. */
export async function accountMakeups(db: DB, userId: number, lang: Lang) {
  const rules = await rulesOf(db);
  const owned = await ownedEnrolmentIds(db, userId);
  return {
    rules,
    children: await comingMeetings(db, owned, rules, rules.timeZone, lang),
    credits: await familyCredits(db, owned, rules, rules.timeZone, lang),
  };
}

/** What the absence link's page shows: the one enrolment's coming classes. */
export async function linkedAbsences(db: DB, secret: string, linkToken: string, lang: Lang) {
  const enrolmentId = await absenceLinkedId(db, secret, linkToken);
  if (enrolmentId === undefined) return undefined;
  const rules = await rulesOf(db);
  const [child] = await comingMeetings(db, [enrolmentId], rules, rules.timeZone, lang);
  return { rules, child: child ?? null };
}

/** GET /api/account/makeups: make-up rules, coming classes to report absent from, and the family's credits. */
export const ownMakeups = familyEndpoint("act", {
  method: "GET",
  path: "/api/account/makeups",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  input: z.object({}),
  run: async ({ deps: { db }, caller }) => ({ status: 200, body: { ...(await accountMakeups(db, caller.user.id, caller.lang)) } }),
});

/** GET /api/absences/{token}: the meeting reminder's absence link: rules and child (a malformed token counts against the limit, then 404). */
export const linkedAbsencesRead = defineEndpoint({
  method: "GET",
  path: "/api/absences/:token",
  access: "anyone",
  limits: [LINK_LIMIT],
  params: z.object({ token: z.string() }),
  input: z.object({}),
  async run({ deps: { db, config }, caller, params }) {
    const parsed = token.safeParse(params.token);
    const found = parsed.success ? await linkedAbsences(db, config.sessionSecret, parsed.data, caller.lang) : undefined;
    if (!found) throw new HttpError(404, say(caller.lang, "api.linkNotFound"));
    return { status: 200, body: { ...found } };
  },
});

/** Absences and make-ups (decision 076): the account's and the reminder link's JSON endpoints. */
export function makeupsApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, [ownMakeups, linkedAbsencesRead, ...makeupEndpoints]));
  return router;
}
