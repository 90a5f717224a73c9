import { defineFeature } from "~server/feature-manifest";
import { campApi } from "./camp.api";
import { campEnrolmentConfirmation } from "./enrol-mail.server";
import { owns } from "./tables";

/** The summer camp: enrolment, brochure requests and the enrolment confirmation e-mail (decision 052). */
export const campManifest = defineFeature({
  name: "camp",
  owns,
  routers: (deps) => [campApi(deps)],
  // Sent through the one mail job (decision 118).
  mails: [campEnrolmentConfirmation],
});
