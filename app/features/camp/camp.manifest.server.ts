import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { campApi } from "./camp.api";
import { enrollmentConfirmationJob } from "./camp.jobs.server";
import { sendEnrollmentConfirmation } from "./enroll-mail.server";

/** The summer camp: enrollment, brochure requests and the enrollment confirmation e-mail (decision 052). */
export const campManifest = defineFeature({
  name: "camp",
  routers: (deps) => [campApi(deps)],
  jobs: (deps) => [handleJob(enrollmentConfirmationJob, ({ reference }) => sendEnrollmentConfirmation(deps, reference))],
});
