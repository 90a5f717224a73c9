import { Router, type Request, type Response } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody, parseInput } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { requireStaff } from "~server/security/access";
import { idOr404, staffOf } from "~/features/admin/admin-http.server";
import { sendList } from "~/features/admin/list/list-query.server";
import { sendCsv } from "~/features/admin/list/csv.server";
import { academyTimeZone } from "~/features/booking/academy-zone.server";
import { bookingExportColumns, bookingsForExportByIds } from "~/features/booking/slots-admin.server";
import { isSubmissionKind, type SubmissionKindName } from "./submission-kinds";
import { bulkExportSchema, bulkStatusSchema, idsFromStrings, isBulkKind, MAX_BULK_ROWS, type BulkKindName } from "./submission-bulk.schema";
import { bulkChangeStatus } from "./submissions-bulk.server";
import { submissionUpdateSchema } from "./submission.schema";
import { getSubmission, submissionBase, submissionServer, updateSubmission } from "./submissions.server";

/**
 * /api/admin/submissions/{school|contact|enrollments|brochure-leads}: list (JSON or ?format=csv),
 * one record, and PATCH of status and notes; bulk status changes and the CSV of chosen rows
 * (also for demo-bookings). Staff only.
 */
export function submissionsApi({ db }: EndpointDeps): Router {
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

  const bulkKindOf = (value: unknown): BulkKindName => {
    if (!isBulkKind(value)) throw new HttpError(404, "Not found.");
    return value;
  };
  /** Refuses more than MAX_BULK_ROWS ids with a message saying so (before the schema's generic one). */
  const checkCount = (req: Request, ids: unknown) => {
    if (Array.isArray(ids) && ids.length > MAX_BULK_ROWS) {
      const message = serverT(requestLang(req), "admin", "bulk.tooMany", { max: MAX_BULK_ROWS });
      throw new HttpError(400, message, { ids: message });
    }
  };

  // The chosen rows as CSV: the list export's columns, formula guard and academy-time instants.
  // GET ?ids=1&ids=2 (what the list page's form sends) or POST { ids }.
  const exportChosen = async (req: Request, res: Response, rawIds: unknown) => {
    const kind = bulkKindOf(req.params.kind);
    checkCount(req, rawIds);
    const { ids } = parseInput(bulkExportSchema, { ids: rawIds }, req);
    const timeZone = await academyTimeZone(db);
    if (kind === "demo-bookings") {
      await sendCsv(res, "demo-bookings-chosen", bookingExportColumns(timeZone), await bookingsForExportByIds(db, ids, timeZone), timeZone);
      return;
    }
    const rows = await submissionBase(db, kind).where("id", "in", ids).orderBy("id").execute();
    await sendCsv(res, `${kind}-chosen`, submissionServer[kind].csv, rows, timeZone);
  };
  router.get("/api/admin/submissions/:kind/export", (req, res) => exportChosen(req, res, idsFromStrings(req.query.ids)));
  router.post("/api/admin/submissions/:kind/export", (req, res) => {
    if (!req.is("application/json")) throw new HttpError(415, "Send the data as application/json.");
    return exportChosen(req, res, (req.body as { ids?: unknown } | null)?.ids);
  });

  router.post("/api/admin/submissions/:kind/bulk", async (req, res) => {
    const kind = bulkKindOf(req.params.kind);
    checkCount(req, (req.body as { ids?: unknown } | null)?.ids);
    const input = parseBody(bulkStatusSchema(kind), req);
    const lang = requestLang(req);
    // One transaction with one audit entry per changed row: every chosen row changes, or none.
    const result = await bulkChangeStatus(db, { kind, ids: input.ids, status: input.status, userId: staffOf(res).id });
    if (!result.ok) {
      if (result.reason === "notFound") {
        res.status(404).json({ message: serverT(lang, "admin", "bulk.notFound", { count: result.missing.length, ids: result.missing.join(", ") }), missing: result.missing });
        return;
      }
      res.status(409).json({ message: serverT(lang, "admin", "bulk.bookingCancelled", { count: result.ids.length, ids: result.ids.join(", ") }), ids: result.ids });
      return;
    }
    res.json({ message: serverT(lang, "admin", "bulk.changed", { count: result.changed }), changed: result.changed, unchanged: result.unchanged });
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
