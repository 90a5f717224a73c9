import { Router } from "express";
import { defineFeature } from "~server/feature-manifest";
import { jsonRoutes } from "~server/http/endpoint";
import { portfolioEndpoints } from "./portfolio.api";
import { owns } from "./tables";

/** Portfolios (issue 44 item 2, decision 135): children's projects from the roster and the family, their photos behind the consent rule. */
export const portfolioManifest = defineFeature({
  name: "portfolio",
  owns,
  routers: (deps) => {
    const router = Router();
    // A family's or a group's projects are nobody's cache's.
    router.use(["/api/teaching/sections/:id/portfolio", "/api/account/portfolio"], (_req, res, next) => {
      res.set("Cache-Control", "private, no-store");
      next();
    });
    router.use(jsonRoutes(deps, portfolioEndpoints));
    return [router];
  },
});
