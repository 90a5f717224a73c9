import { defineFeature } from "~server/feature-manifest";
import { mediaApi } from "./media.api";
import { owns } from "./tables";

/** The media library (decision 052). */
export const mediaManifest = defineFeature({ name: "media", owns, routers: (deps) => [mediaApi(deps)] });
