import { collectionApi } from "./collection-api.server";
import { defineCollection } from "./collection.server";
import { courseSchema } from "./course-admin.schema";
import { countBookings, courseListBase, courseListSpec, createCourse, deleteCourse, getCourseForm, updateCourse } from "./course-admin.server";

/** Courses: deleting one that has demo bookings needs `?confirm=1` (the bookings keep their history). */
export const courseCollection = defineCollection({
  name: "courses",
  schema: courseSchema,
  list: {
    base: courseListBase,
    spec: courseListSpec,
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
  },
  read: getCourseForm,
  create: { save: createCourse },
  update: updateCourse,
  remove: deleteCourse,
  confirmDelete: { count: countBookings, field: "bookings", message: "api.courseHasBookings" },
});

export const courseAdminApi = collectionApi(courseCollection);
