import { Router } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { v } from "~/lib/validation";
import { recordAudit, type FieldChanges } from "~server/audit/audit";
import type { DB } from "~server/db/db";
import { defineEndpoint, jsonRoutes, type EndpointDeps, type SignedInCaller } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { csvFile } from "~/features/admin-kit/list/csv.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { cancelMeeting, moveMeeting, type FamilyToTell, type MeetingChange, type MeetingRow } from "./meeting-change.server";
import { MEETING_CANCELLED_MAIL, MEETING_MOVED_MAIL, queueMeetingMail } from "./meeting-mail.server";
import { rosterColumns, sectionRoster } from "./roster.server";
import { sectionParams } from "./sections.schema";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "sections", key, values);

/** Staff: cancel one class (every family e-mailed). */
export const meetingCancelSchema = z.object({ confirm: z.literal(true, { error: v.required }) });
/** Staff: move one class to a date and time in the academy's zone. */
export const meetingMoveSchema = z.object({
  date: z.iso.date({ error: v.date }),
  time: z.string({ error: v.required }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, v.time),
});

/** The course's name in each family's language, read once per change. */
async function courseNamesOf(db: DB, sectionId: number) {
  const row = await db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["c.name_en", "c.name_ar"])
    .where("s.id", "=", sectionId)
    .executeTakeFirst();
  return (lang: Lang) => (row ? pick(row, "name", lang) : "");
}

/** A refused change as 404 / 409 / 400 with the field staff must change, in their language. */
function refuse(lang: Lang, result: Extract<MeetingChange, { ok: false }>): never {
  const message = say(lang, `meetingApi.${result.reason}`);
  if (result.reason === "notFound") throw new HttpError(404, message);
  if (["movePast", "moveTooFar", "moveClash", "unchanged"].includes(result.reason)) throw new HttpError(400, message, { date: message });
  throw new HttpError(409, message);
}

/** The audit row and each family's e-mail, in the change's transaction. */
const tellFamilies =
  (caller: SignedInCaller, kind: typeof MEETING_CANCELLED_MAIL | typeof MEETING_MOVED_MAIL) =>
  async (trx: DB, change: { before: MeetingRow; after: MeetingRow; families: FamilyToTell[] }) => {
    const course = await courseNamesOf(trx, change.before.section_id);
    for (const family of change.families)
      await queueMeetingMail(trx, kind, family, { meetingId: change.before.id, from: change.before.starts_at, course: course(family.lang) });
    const changes: FieldChanges =
      kind === MEETING_CANCELLED_MAIL
        ? { status: { from: change.before.status, to: change.after.status } }
        : { starts_at: { from: change.before.starts_at, to: change.after.starts_at } };
    await recordAudit(trx, {
      action: kind === MEETING_CANCELLED_MAIL ? "cancel" : "move",
      entity: "section_meeting",
      entityId: change.before.id,
      changes,
      summary: { sectionId: change.before.section_id, families: change.families.length },
      userId: caller.user.id,
    });
  };

/** POST /api/admin/section-meetings/:id/cancel: one class of a group is cancelled; each enrolled family is e-mailed. */
export const cancelSectionMeeting = defineEndpoint({
  method: "POST",
  path: "/api/admin/section-meetings/:id/cancel",
  access: "staff",
  params: sectionParams,
  input: meetingCancelSchema,
  async run({ deps: { db }, caller, params }) {
    const result = await cancelMeeting(db, params.id, tellFamilies(caller, MEETING_CANCELLED_MAIL));
    if (!result.ok) refuse(caller.lang, result);
    return {
      status: 200,
      body: {
        message: say(caller.lang, "meetingApi.cancelled", { count: result.families.length }),
        id: params.id,
        sectionId: result.after.section_id,
        status: result.after.status,
        families: result.families.length,
      },
    };
  },
});

/** POST /api/admin/section-meetings/:id/move: one class to a new date and time (academy time); each enrolled family is e-mailed. */
export const moveSectionMeeting = defineEndpoint({
  method: "POST",
  path: "/api/admin/section-meetings/:id/move",
  access: "staff",
  params: sectionParams,
  input: meetingMoveSchema,
  async run({ deps: { db }, caller, params }, input) {
    const result = await moveMeeting(db, params.id, input, await academyTimeZone(db), tellFamilies(caller, MEETING_MOVED_MAIL));
    if (!result.ok) refuse(caller.lang, result);
    return {
      status: 200,
      body: {
        message: say(caller.lang, "meetingApi.moved", { count: result.families.length }),
        id: params.id,
        sectionId: result.after.section_id,
        startsAt: result.after.starts_at,
        families: result.families.length,
      },
    };
  },
});

const rosterNotFound = { ns: "sections", key: "adminApi.notFound" };

/** The group's roster, else 404. */
async function rosterOr404(db: DB, id: number, lang: Lang) {
  const roster = await sectionRoster(db, id);
  if (!roster) throw new HttpError(404, say(lang, "adminApi.notFound"));
  return roster;
}

/** GET /api/admin/sections/{id}/roster → { sectionId, course, timeZone, children }. */
export const readRoster = defineEndpoint({
  method: "GET",
  path: "/api/admin/sections/:id/roster",
  access: "staff",
  params: sectionParams,
  notFound: rosterNotFound,
  input: z.object({}),
  async run({ deps: { db }, caller, params: { id } }) {
    const { section, children } = await rosterOr404(db, id, caller.lang);
    return {
      status: 200,
      body: {
        sectionId: section.id,
        course: { id: section.course_id, slug: section.course_slug },
        timeZone: await academyTimeZone(db),
        children: children.map(({ id: _id, ...child }) => child),
      },
    };
  },
});

/** GET /api/admin/sections/{id}/roster.csv: the roster as CSV (the enrolled date in the academy's time). */
export const exportRoster = defineEndpoint({
  method: "GET",
  path: "/api/admin/sections/:id/roster.csv",
  access: "staff",
  produces: "csv",
  params: sectionParams,
  notFound: rosterNotFound,
  input: z.object({}),
  async run({ deps: { db }, caller, params: { id } }) {
    const { section, children } = await rosterOr404(db, id, caller.lang);
    return csvFile(`roster-${section.course_slug}-${section.id}`, rosterColumns, children, await academyTimeZone(db));
  },
});

export const sectionStaffEndpoints = [cancelSectionMeeting, moveSectionMeeting, readRoster, exportRoster];

/** Staff-only reads of a section: its roster as JSON and as CSV, and the single-class changes. */
export function sectionsStaffApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, sectionStaffEndpoints));
  return router;
}
