import { defineFeature } from "~server/feature-manifest";
import { timetableApi } from "./timetable.api";

/** The family's timetable and private calendar feed (issue 29, decision 068). */
export const timetableManifest = defineFeature({
  name: "timetable",
  routers: (deps) => [timetableApi(deps)],
});
