import { defineFeature } from "~server/feature-manifest";
import { mediaApi } from "./media.api";

/** The media library (decision 052). */
export const mediaManifest = defineFeature({ name: "media", routers: (deps) => [mediaApi(deps)] });
