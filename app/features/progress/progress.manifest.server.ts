import { defineFeature } from "~server/feature-manifest";
import { jsonRoutes } from "~server/http/endpoint";
import { progressEndpoints } from "./progress.api";
import { progressReportMailDefinition } from "./progress-mail.server";
import { owns } from "./tables";

/** Termly progress reports (issue 44 item 3, decision 138): the teaching page's notes and issue, the family's PDFs. */
export const progressManifest = defineFeature({
  name: "progress",
  owns,
  routers: (deps) => [jsonRoutes(deps, progressEndpoints)],
  mails: [progressReportMailDefinition],
});
