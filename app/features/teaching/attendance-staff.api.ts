import { Router } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { accessGuard } from "~server/http/endpoint";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { groupAttendance, missedTwoInARow } from "./attendance-stats.server";

/** Staff's attendance reports as JSON: rates per group, and the children who missed two meetings in a row. */
export function attendanceStaffApi(deps: EndpointDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get("/api/admin/attendance", accessGuard("staff"), async (_req, res) => {
    res.set("Cache-Control", "private, no-store").json({ timeZone: await academyTimeZone(db), groups: await groupAttendance(db) });
  });
  router.get("/api/admin/attendance/missed", accessGuard("staff"), async (_req, res) => {
    res.set("Cache-Control", "private, no-store").json({ timeZone: await academyTimeZone(db), children: await missedTwoInARow(db) });
  });
  return router;
}
