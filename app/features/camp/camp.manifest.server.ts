import { defineFeature } from "~server/feature-manifest";
import { campApi } from "./camp.api";
import { enrollmentConfirmation } from "./enroll-mail.server";
import { owns } from "./tables";

/** The summer camp: enrollment, brochure requests and the enrollment confirmation e-mail (decision 052). */
export const campManifest = defineFeature({
  name: "camp",
  owns,
  routers: (deps) => [campApi(deps)],
  // Sent through the one mail job (decision 118).
  mails: [enrollmentConfirmation],
});
