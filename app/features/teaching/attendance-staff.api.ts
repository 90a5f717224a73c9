import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { groupAttendance, missedTwoInARow } from "./attendance-stats.server";

/** GET /api/admin/attendance → { timeZone, groups }: each group's attendance rate. */
export const groupAttendanceReport = defineEndpoint({
  method: "GET",
  path: "/api/admin/attendance",
  access: "staff",
  input: z.object({}),
  run: async ({ deps: { db } }) => ({ status: 200, body: { timeZone: await academyTimeZone(db), groups: await groupAttendance(db) } }),
});

/** GET /api/admin/attendance/missed → { timeZone, children }: children whose two latest classes were both absent. */
export const missedTwiceReport = defineEndpoint({
  method: "GET",
  path: "/api/admin/attendance/missed",
  access: "staff",
  input: z.object({}),
  run: async ({ deps: { db } }) => ({ status: 200, body: { timeZone: await academyTimeZone(db), children: await missedTwoInARow(db) } }),
});

/** Staff's attendance reports as JSON: rates per group, and the children who missed two meetings in a row. */
export function attendanceStaffApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, [groupAttendanceReport, missedTwiceReport]));
  return router;
}
