import { Router } from "express";
import { defineFeature } from "~server/feature-manifest";
import { jsonRoutes } from "~server/http/endpoint";
import { progressEndpoints } from "./progress.api";
import { progressReportMailDefinition } from "./progress-mail.server";
import { owns } from "./tables";

/** Termly progress reports (issue 44 item 3, decision 138): the teaching page's notes and issue, the family's PDFs. */
export const progressManifest = defineFeature({
  name: "progress",
  owns,
  routers: (deps) => {
    const router = Router();
    // A group's notes and a family's reports are nobody's cache's.
    router.use(["/api/teaching/sections/:id/progress-reports", "/api/account/progress-reports"], (_req, res, next) => {
      res.set("Cache-Control", "private, no-store");
      next();
    });
    router.use(jsonRoutes(deps, progressEndpoints));
    return [router];
  },
  mails: [progressReportMailDefinition],
});
