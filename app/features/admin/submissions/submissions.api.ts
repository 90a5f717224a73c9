import { Router } from "express";
import type { ApiDeps } from "~server/features";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { requireStaff } from "~server/security/access";
import { idOr404, staffOf } from "~/features/admin/admin-http.server";
import { sendList } from "~/features/admin/list/list-query.server";
import { isSubmissionKind, type SubmissionKindName } from "./submission-kinds";
import { submissionUpdateSchema } from "./submission.schema";
import { getSubmission, submissionBase, submissionServer, updateSubmission } from "./submissions.server";

/**
 * /api/admin/submissions/{school|contact|enrollments|brochure-leads}: list (JSON or ?format=csv),
 * one record, and PATCH of status and notes. Staff only.
 */
export function submissionsApi({ db }: ApiDeps): Router {
  const router = Router();
  router.use("/api/admin/submissions", requireStaff);

  const kindOf = (value: unknown): SubmissionKindName => {
    if (!isSubmissionKind(value)) throw new HttpError(404, "Not found.");
    return value;
  };

  router.get("/api/admin/submissions/:kind", async (req, res) => {
    const kind = kindOf(req.params.kind);
    const { spec, csv } = submissionServer[kind];
    await sendList(req, res, submissionBase(db, kind), spec, { db, filename: kind, columns: csv });
  });

  router.get("/api/admin/submissions/:kind/:id", async (req, res) => {
    const kind = kindOf(req.params.kind);
    const row = await getSubmission(db, kind, idOr404(req.params.id));
    if (!row) throw new HttpError(404, serverT(requestLang(req), "admin", "api.notFound"));
    res.json({ submission: row });
  });

  router.patch("/api/admin/submissions/:kind/:id", async (req, res) => {
    const kind = kindOf(req.params.kind);
    const id = idOr404(req.params.id);
    const change = parseBody(submissionUpdateSchema, req);
    const row = await updateSubmission(db, kind, id, change, staffOf(res).id);
    if (!row) throw new HttpError(404, serverT(requestLang(req), "admin", "api.notFound"));
    res.json({ message: serverT(requestLang(req), "admin", "api.saved"), submission: row });
  });
  return router;
}
