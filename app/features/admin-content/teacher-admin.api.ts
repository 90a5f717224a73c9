import { collectionApi } from "./collection-api.server";
import { defineCollection } from "./collection.server";
import { createTeacherSchema, teacherSchema } from "./teacher-admin.schema";
import { createTeacher, deleteTeacher, getTeacherForm, subjectsOf, teacherListBase, teacherListSpec, updateTeacher } from "./teacher-admin.server";

/** Teachers: created at the specification's path with its payload (section 7), edited bilingually. */
export const teacherCollection = defineCollection({
  name: "teachers",
  schema: teacherSchema,
  list: {
    base: teacherListBase,
    spec: teacherListSpec,
    filename: "teachers",
    columns: [
      { header: "id", value: (r) => r.id },
      { header: "name", value: (r) => r.name_en },
      { header: "name_ar", value: (r) => r.name_ar },
      { header: "subjects", value: (r) => subjectsOf(r.subjects).join(", ") },
      { header: "experience", value: (r) => r.experience_en },
      { header: "photo", value: (r) => r.photo },
      { header: "updated_at", value: (r) => r.updated_at },
    ],
    toJson: (r) => ({ ...r, subjects: subjectsOf(r.subjects) }),
  },
  read: getTeacherForm,
  create: { path: "/admin/teacher-dashboard/create-teacher", schema: createTeacherSchema, message: "api.teacherCreated", save: createTeacher },
  update: updateTeacher,
  remove: deleteTeacher,
});

export const teacherAdminApi = collectionApi(teacherCollection);
