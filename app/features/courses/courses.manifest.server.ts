import { defineFeature } from "~server/feature-manifest";
import { coursesApi } from "./courses.api";

/** The course catalogue (decision 052). */
export const coursesManifest = defineFeature({ name: "courses", routers: (deps) => [coursesApi(deps)] });
