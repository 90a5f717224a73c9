import { defineFeature } from "~server/feature-manifest";
import { schoolApi } from "./school.api";

/** Schools' partnership requests (decision 052). */
export const schoolManifest = defineFeature({ name: "school", routers: (deps) => [schoolApi(deps)] });
