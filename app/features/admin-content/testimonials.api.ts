import { collectionEndpoints } from "./collection-api.server";
import { testimonialCollection } from "./testimonial-admin.server";

/**
 * The testimonials' read and writes (issue 28), declared once with defineEndpoint: `GET|PUT|DELETE
 * /api/admin/testimonials/{id}` and `POST /api/admin/testimonials`, staff (editors too). The JSON
 * API and the editor page's action (without JavaScript) run the same declarations; the list (search,
 * sort, pages, CSV) stays the collections' shared list route.
 */
export const testimonialEndpoints = collectionEndpoints(testimonialCollection);
