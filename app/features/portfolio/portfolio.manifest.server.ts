import { defineFeature } from "~server/feature-manifest";
import { jsonRoutes } from "~server/http/endpoint";
import { portfolioEndpoints } from "./portfolio.api";
import { owns } from "./tables";

/** Portfolios (issue 44 item 2, decision 135): children's projects from the roster and the family, their photos behind the consent rule. */
export const portfolioManifest = defineFeature({
  name: "portfolio",
  owns,
  routers: (deps) => [jsonRoutes(deps, portfolioEndpoints)],
});
