import { defineFeature } from "~server/feature-manifest";
import { demoEnrolmentApi } from "./demo-enrolment.api";

/** Demo class to enrolment in one step (issue 29, decision 069): the staff's conversion and the funnel. */
export const demoEnrolmentManifest = defineFeature({
  name: "demo-enrolment",
  routers: (deps) => [demoEnrolmentApi(deps)],
});
