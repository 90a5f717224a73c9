import { Router } from "express";
import type { ApiDeps } from "~server/api-routers";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requireAdmin } from "~server/security/access";
import { sendList } from "~/features/admin/list/list-query.server";
import { adminT, idParam, staffId } from "./admin-api.server";
import { courseSchema } from "./course-admin.schema";
import {
  CourseTakenError,
  countBookings,
  courseListBase,
  courseListSpec,
  createCourse,
  deleteCourse,
  getCourseForm,
  updateCourse,
  type CourseListRow,
} from "./course-admin.server";

/** Staff API of courses. Deleting a course that has demo bookings needs `?confirm=1`. */
export function courseAdminApi({ db }: ApiDeps): Router {
  const router = Router();
  router.use("/api/admin/courses", requireAdmin);

  const taken = (req: Parameters<typeof adminT>[0], error: CourseTakenError) => {
    const message = adminT(req, error.field === "key" ? "api.keyTaken" : "api.slugTaken");
    return new HttpError(409, message, { [error.field]: message });
  };

  router.get("/api/admin/courses", async (req, res) => {
    await sendList<CourseListRow>(req, res, courseListBase(db), courseListSpec, {
      filename: "courses",
      columns: [
        { header: "id", value: (r) => r.id },
        { header: "key", value: (r) => r.key },
        { header: "name", value: (r) => r.name_en },
        { header: "name_ar", value: (r) => r.name_ar },
        { header: "slug", value: (r) => r.slug },
        { header: "sessions", value: (r) => r.sessions },
        { header: "price", value: (r) => r.price },
        { header: "min_age", value: (r) => r.min_age },
        { header: "max_age", value: (r) => r.max_age },
        { header: "instructor", value: (r) => r.instructor },
        { header: "rating", value: (r) => r.rating },
        { header: "updated_at", value: (r) => r.updated_at },
      ],
    });
  });

  router.get("/api/admin/courses/:id", async (req, res) => {
    const found = await getCourseForm(db, idParam(req));
    if (!found) throw new HttpError(404, adminT(req, "api.notFound"));
    res.json(found);
  });

  router.post("/api/admin/courses", async (req, res) => {
    const input = parseBody(courseSchema, req);
    try {
      res.status(201).json({ message: adminT(req, "api.saved"), ...(await createCourse(db, input, staffId(res))) });
    } catch (error) {
      if (error instanceof CourseTakenError) throw taken(req, error);
      throw error;
    }
  });

  router.put("/api/admin/courses/:id", async (req, res) => {
    const id = idParam(req);
    const input = parseBody(courseSchema, req);
    try {
      const saved = await updateCourse(db, id, input, staffId(res));
      if (!saved) throw new HttpError(404, adminT(req, "api.notFound"));
      res.json({ message: adminT(req, "api.saved"), ...saved });
    } catch (error) {
      if (error instanceof CourseTakenError) throw taken(req, error);
      throw error;
    }
  });

  router.delete("/api/admin/courses/:id", async (req, res) => {
    const id = idParam(req);
    const bookings = await countBookings(db, id);
    // Asking first: the caller must confirm when bookings would lose their link to the course.
    if (bookings > 0 && req.query.confirm !== "1") {
      res.status(409).json({ message: adminT(req, "api.courseHasBookings", { count: bookings }), bookings });
      return;
    }
    if (!(await deleteCourse(db, id, staffId(res)))) throw new HttpError(404, adminT(req, "api.notFound"));
    res.json({ message: adminT(req, "api.deleted") });
  });
  return router;
}
