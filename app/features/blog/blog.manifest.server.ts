import { defineFeature } from "~server/feature-manifest";
import { blogApi } from "./blog.api";

/** The public blog (decision 052). */
export const blogManifest = defineFeature({ name: "blog", routers: (deps) => [blogApi(deps)] });
