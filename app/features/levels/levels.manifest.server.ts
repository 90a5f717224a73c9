import { defineFeature } from "~server/feature-manifest";
import { jsonRoutes } from "~server/http/endpoint";
import { levelsEndpoints } from "./levels.api";
import { owns } from "./tables";

/** Levels and skills (issue 44 item 1, decision 130): the courses' ladders, the roster's skill marks. */
export const levelsManifest = defineFeature({
  name: "levels",
  owns,
  routers: (deps) => [jsonRoutes(deps, levelsEndpoints)],
});
