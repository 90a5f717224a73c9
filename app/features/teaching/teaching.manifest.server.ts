import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { teachingApi } from "./teaching.api";
import { attendanceStaffApi } from "./attendance-staff.api";
import { pickupsApi } from "./pickups.api";
import { LATE_PICKUP_EVERY_MS, latePickupJob, sweepLatePickups } from "./late-pickups.server";
import { owns } from "./tables";

/** Teaching days (issue 30): the instructors' meetings, rosters and attendance, staff's attendance reports, pickup (decision 142). */
export const teachingManifest = defineFeature({
  name: "teaching",
  owns,
  routers: (deps) => [teachingApi(deps), attendanceStaffApi(deps), pickupsApi(deps)],
  jobs: (deps) => [
    handleJob(latePickupJob, async () => {
      const alerted = await sweepLatePickups(deps.db, deps.config.publicUrl);
      if (alerted > 0) deps.logger.info({ alerted }, "late pickups alerted");
    }),
  ],
  periodic: [{ job: latePickupJob, everyMs: LATE_PICKUP_EVERY_MS }],
});
