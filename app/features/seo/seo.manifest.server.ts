import { defineFeature } from "~server/feature-manifest";
import { seoApi } from "./seo.api";

/** Sitemap, robots and feeds (decision 052). */
export const seoManifest = defineFeature({ name: "seo", routers: (deps) => [seoApi(deps)] });
