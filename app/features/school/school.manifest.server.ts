import { defineFeature } from "~server/feature-manifest";
import { schoolApi } from "./school.api";
import { owns } from "./tables";

/** Schools' partnership requests (decision 052). */
export const schoolManifest = defineFeature({ name: "school", owns, routers: (deps) => [schoolApi(deps)] });
