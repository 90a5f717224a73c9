import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type Caller, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseInput } from "~server/http/validate";
import { serverT } from "~server/i18n";
import type { SessionUser } from "~server/security/session";
import { idParams } from "~/lib/record-id";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { attendanceSchema } from "./attendance.schema";
import { takeAttendance } from "./attendance.server";
import { rosterForViewer } from "./meeting-roster.server";
import { assertTeachesMeeting } from "./teaching-access.server";
import { teachingWeek } from "./teaching.server";

const say = (caller: Caller, key: string, values?: Record<string, string | number>) => serverT(caller.lang, "teaching", `api.${key}`, values);
const member = (caller: Caller) => caller.user as SessionUser;

/** GET /api/teaching/meetings: the meetings of the caller's groups (today, this week, later, recent). */
export const teachingMeetings = defineEndpoint({
  method: "GET",
  path: "/api/teaching/meetings",
  access: "teaching",
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    const timeZone = await academyTimeZone(db);
    return { status: 200, body: { timeZone, ...(await teachingWeek(db, member(caller), timeZone)) } };
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
    await assertTeachesMeeting(db, member(caller), params.id);
    const roster = await rosterForViewer(db, params.id, member(caller));
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
  // attendanceSchema, read in run once the caller is known to teach the group (decision 050's way):
  // another instructor's group answers 403 whatever was sent, never a 400 about the marks.
  input: z.record(z.string(), z.unknown()),
  async run({ deps: { db }, caller, params }, raw) {
    const user = member(caller);
    await assertTeachesMeeting(db, user, params.id);
    const input = parseInput(attendanceSchema, raw, caller.lang);
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

export const teachingEndpoints = [teachingMeetings, teachingMeeting, markAttendance];

/** The instructors' JSON API (issue 30): every route asks checkAccess("teaching") and then assertTeachesMeeting. */
export function teachingApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use("/api/teaching", (_req, res, next) => {
    res.set("Cache-Control", "private, no-store");
    next();
  });
  router.use(jsonRoutes(deps, teachingEndpoints));
  return router;
}
