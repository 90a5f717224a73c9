import { defineFeature } from "~server/feature-manifest";
import { adminCollectionsApi } from "./collections.api";
import { uploadsApi } from "./uploads.api";

/** Staff editing of blogs, courses, teachers and products, and their image uploads (decision 052). */
export const adminContentManifest = defineFeature({
  name: "admin-content",
  routers: (deps) => [uploadsApi(deps), adminCollectionsApi(deps)],
});
