import { Router } from "express";
import type { ApiDeps } from "~server/api-routers";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requireAdmin } from "~server/security/access";
import { sendList } from "~/features/admin/list/list-query.server";
import { adminT, idParam, staffId } from "./admin-api.server";
import { createTeacherSchema, teacherSchema } from "./teacher-admin.schema";
import {
  createTeacher,
  deleteTeacher,
  getTeacherForm,
  subjectsOf,
  teacherListBase,
  teacherListSpec,
  updateTeacher,
  type TeacherListRow,
} from "./teacher-admin.server";

/** The specification's create endpoint plus the staff API of teachers (list, read, edit, delete). */
export function teacherAdminApi({ db }: ApiDeps): Router {
  const router = Router();
  router.use("/admin/teacher-dashboard", requireAdmin);
  router.use("/api/admin/teachers", requireAdmin);

  router.post("/admin/teacher-dashboard/create-teacher", async (req, res) => {
    const input = parseBody(createTeacherSchema, req);
    const id = await createTeacher(db, input, staffId(res));
    res.status(201).json({ message: adminT(req, "api.teacherCreated"), id });
  });

  router.get("/api/admin/teachers", async (req, res) => {
    await sendList<TeacherListRow>(req, res, teacherListBase(db), teacherListSpec, {
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
    });
  });

  router.get("/api/admin/teachers/:id", async (req, res) => {
    const found = await getTeacherForm(db, idParam(req));
    if (!found) throw new HttpError(404, adminT(req, "api.notFound"));
    res.json(found);
  });

  router.put("/api/admin/teachers/:id", async (req, res) => {
    const id = idParam(req);
    const input = parseBody(teacherSchema, req);
    if (!(await updateTeacher(db, id, input, staffId(res)))) throw new HttpError(404, adminT(req, "api.notFound"));
    res.json({ message: adminT(req, "api.saved"), id });
  });

  router.delete("/api/admin/teachers/:id", async (req, res) => {
    if (!(await deleteTeacher(db, idParam(req), staffId(res)))) throw new HttpError(404, adminT(req, "api.notFound"));
    res.json({ message: adminT(req, "api.deleted") });
  });
  return router;
}
