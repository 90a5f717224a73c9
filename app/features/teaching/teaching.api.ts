import { familyEndpoint } from "~/features/family/account-owner.server";
import type { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type Caller, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { idParams } from "~/lib/record-id";
import { v } from "~/lib/validation";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { attendanceSchema } from "./attendance.schema";
import { takeAttendance } from "./attendance.server";
import { rosterForViewer } from "./meeting-roster.server";
import { assertTeachesMeeting } from "./teaching-access.server";
import { teachingWeek } from "./teaching.server";
import { checkIn, familyPasses, type CheckInRefusal } from "./class-pass.server";
import { byCallerAccount } from "~server/security/rate-limit";

const say = (caller: Caller, key: string, values?: Record<string, string | number>) => serverT(caller.lang, "teaching", `api.${key}`, values);

/** GET /api/teaching/meetings: the meetings of the caller's groups (today, this week, later, recent). */
export const teachingMeetings = defineEndpoint({
  method: "GET",
  path: "/api/teaching/meetings",
  access: "teaching",
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    const timeZone = await academyTimeZone(db);
    return { status: 200, body: { timeZone, ...(await teachingWeek(db, caller.user, timeZone)) } };
  },
});

/** GET /api/teaching/meetings/:id: one meeting of the caller's groups and its roster. */
export const teachingMeeting = defineEndpoint({
  method: "GET",
  path: "/api/teaching/meetings/:id",
  access: "teaching",
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    await assertTeachesMeeting(db, caller.user, params.id);
    const roster = await rosterForViewer(db, params.id, caller.user);
    if (!roster) throw new HttpError(404, say(caller, "notFound"));
    return { status: 200, body: { timeZone: await academyTimeZone(db), ...roster } };
  },
});

/** POST /api/teaching/meetings/:id/attendance: "all present" and/or each child's mark and note (audited). */
export const markAttendance = defineEndpoint({
  method: "POST",
  path: "/api/teaching/meetings/:id/attendance",
  access: "teaching",
  params: idParams,
  limits: [{ name: "teaching-attendance", limit: 300, windowMs: 60 * 60_000 }],
  // The group is checked before the marks are read: another instructor's group answers 403 whatever was sent, never a 400 about the marks.
  load: ({ db }, caller, params) => assertTeachesMeeting(db, caller.user, params.id),
  input: attendanceSchema,
  async run({ deps: { db }, caller, params }, input) {
    const user = caller.user;
    const result = await takeAttendance(db, params.id, input, user.id, await academyTimeZone(db));
    if (!result.ok) {
      const message = say(caller, result.reason);
      if (result.reason === "notFound") throw new HttpError(404, message);
      if (result.reason === "notOnRoster") throw new HttpError(400, message, { marks: message });
      throw new HttpError(409, message);
    }
    return { status: 200, body: { message: say(caller, "saved", { count: result.changed }), changed: result.changed, marked: result.marked } };
  },
});

/** A pass's token: signToken's shape (an id, an expiry, a MAC), bounded before any work. */
const passInput = z.object({
  token: z
    .string({ error: v.required })
    .trim()
    .min(1, v.required)
    .max(200, v.tooLong)
    .regex(/^[\w-]{1,12}\.\d{1,12}\.[\w-]{43}$/, v.invalid),
});
const REFUSAL_STATUS: Record<CheckInRefusal, number> = { invalid: 400, expired: 410, notEnrolled: 404, noClassToday: 409, cancelled: 409 };

/**
 * POST /api/teaching/check-ins: a child's class pass (issue 45 item 4, decision 141) marks the child
 * present at today's class of their group, for an instructor of that group or staff (audited as
 * every mark). Scanning twice answers `already: true` and changes nothing.
 */
export const checkInByPass = defineEndpoint({
  method: "POST",
  path: "/api/teaching/check-ins",
  access: "teaching",
  limits: [{ name: "teaching-check-in", limit: 600, windowMs: 60 * 60_000, keyBy: byCallerAccount }],
  input: passInput,
  async run({ deps: { db, config }, caller }, input) {
    const result = await checkIn(db, caller.user, input.token, { secret: config.sessionSecret, timeZone: await academyTimeZone(db), lang: caller.lang });
    if (!result.ok) throw new HttpError(REFUSAL_STATUS[result.reason], say(caller, `checkIn.${result.reason}`));
    const { enrolmentId, childName, course, meeting, already } = result;
    return {
      status: 200,
      body: {
        message: say(caller, already ? "checkIn.already" : "checkIn.done", { child: childName }),
        enrolmentId,
        childName,
        course,
        meetingId: meeting.id,
        already,
      },
    };
  },
});

/**
 * GET /api/account/class-passes: the family's passes for today (or `?kind=term`, for printing), for
 * the guardians who bring children to class: the pickup part (decision 139).
 */
export const classPasses = familyEndpoint("pickup", {
  method: "GET",
  path: "/api/account/class-passes",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  input: z.object({ kind: z.enum(["day", "term"]).optional().default("day") }),
  async run({ deps: { db, config }, caller }, input) {
    const passes = await familyPasses(db, caller.user.id, {
      kind: input.kind,
      lang: caller.lang,
      timeZone: await academyTimeZone(db),
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
    });
    return { status: 200, body: { passes } };
  },
});

export const teachingEndpoints = [teachingMeetings, teachingMeeting, markAttendance, checkInByPass, classPasses];

/** The instructors' JSON API (issue 30): every route asks checkAccess("teaching") and then assertTeachesMeeting. */
export function teachingApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, teachingEndpoints);
}
