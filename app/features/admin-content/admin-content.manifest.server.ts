import { defineFeature } from "~server/feature-manifest";
import { adminCollectionsApi } from "./collections.api";
import { uploadsApi } from "~/features/media/uploads.api";
import { seedPageSections } from "~/features/site/page-sections.server";
import { owns } from "./tables";

/** Staff editing of blogs, courses, teachers, products, testimonials and page texts, and their image uploads (decision 052). */
export const adminContentManifest = defineFeature({
  name: "admin-content",
  owns,
  routers: (deps) => [uploadsApi(deps), adminCollectionsApi(deps)],
  /** Each public page section missing from the table, with today's texts (decision 058). */
  seed: seedPageSections,
});
