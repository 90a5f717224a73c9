import { defineFeature } from "~server/feature-manifest";
import { teachingApi } from "./teaching.api";
import { attendanceStaffApi } from "./attendance-staff.api";

/** Teaching days (issue 30): the instructors' meetings, rosters and attendance, and staff's attendance reports. */
export const teachingManifest = defineFeature({
  name: "teaching",
  routers: (deps) => [teachingApi(deps), attendanceStaffApi(deps)],
});
