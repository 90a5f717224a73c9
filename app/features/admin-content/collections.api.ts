import { Router } from "express";
import { jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { blogCollection } from "./blog-admin.server";
import { collectionApi } from "./collection-api.server";
import { courseCollection } from "./course-admin.server";
import { productCollection } from "./product-admin.server";
import { contentHistoryApi } from "./revisions.api";
import { teacherCollection } from "./teacher-admin.server";
import { testimonialCollection } from "./testimonial-admin.server";
import { pageSectionEndpoints } from "./page-sections.api";

/** The staff API of every admin collection, each from its declaration, the drafts and revisions of posts, courses, testimonials and page sections, and the pages' texts (decision 058). */
export function adminCollectionsApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(
    contentHistoryApi(deps),
    collectionApi(blogCollection)(deps),
    collectionApi(courseCollection)(deps),
    collectionApi(teacherCollection)(deps),
    collectionApi(productCollection)(deps),
    collectionApi(testimonialCollection)(deps),
    jsonRoutes(deps, pageSectionEndpoints),
  );
  return router;
}
