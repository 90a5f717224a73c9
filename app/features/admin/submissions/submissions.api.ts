import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointAnswer, type EndpointDeps, type FileAnswer } from "~server/http/endpoint";
import type { DB } from "~server/db/db";
import { HttpError } from "~server/http/errors";
import { parseInput } from "~server/http/validate";
import { serverT } from "~server/i18n";
import { requireStaff } from "~server/security/access";
import { recordId } from "~/lib/record-id";
import { listAnswer, listInput } from "~/features/admin-kit/list/list-query.server";
import { csvFile } from "~/features/admin-kit/list/csv.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { bookingExportColumns, bookingsForExportByIds } from "~/features/booking/slots-admin.server";
import type { Lang } from "~/i18n/lang";
import { submissionKindNames } from "./submission-kinds";
import { bulkExportSchema, bulkKindNames, bulkStatusSchema, idsFromStrings, MAX_BULK_ROWS, type BulkKindName } from "./submission-bulk.schema";
import { bulkChangeStatus } from "./submissions-bulk.server";
import { submissionUpdateSchema } from "./submission.schema";
import { getSubmission, submissionBase, submissionServer, updateSubmission } from "./submissions.server";

/** Refuses more than MAX_BULK_ROWS ids with a message saying so (before the schema's generic one). */
function checkCount(lang: Lang, ids: unknown) {
  if (Array.isArray(ids) && ids.length > MAX_BULK_ROWS) {
    const message = serverT(lang, "admin", "bulk.tooMany", { max: MAX_BULK_ROWS });
    throw new HttpError(400, message, { ids: message });
  }
}

/**
 * A bulk status change as its answer: one transaction with one audit entry per changed row, every
 * chosen row changes or none (404 naming the missing ids, 409 naming cancelled bookings).
 */
async function bulkStatusAnswer(db: DB, change: Parameters<typeof bulkChangeStatus>[1], lang: Lang): Promise<EndpointAnswer> {
  const result = await bulkChangeStatus(db, change);
  if (result.ok)
    return {
      status: 200,
      body: { message: serverT(lang, "admin", "bulk.changed", { count: result.changed }), changed: result.changed, unchanged: result.unchanged },
    };
  if (result.reason === "notFound")
    return {
      status: 404,
      body: { message: serverT(lang, "admin", "bulk.notFound", { count: result.missing.length, ids: result.missing.join(", ") }), missing: result.missing },
    };
  return {
    status: 409,
    body: { message: serverT(lang, "admin", "bulk.bookingCancelled", { count: result.ids.length, ids: result.ids.join(", ") }), ids: result.ids },
  };
}

/**
 * POST /api/admin/submissions/{school|contact|enrollments|brochure-leads|demo-bookings}/bulk:
 * { status, ids } → { message, changed, unchanged }. The list pages and the demo-bookings screen post it.
 */
export const changeSubmissionStatuses = defineEndpoint({
  method: "POST",
  path: "/api/admin/submissions/:kind/bulk",
  access: "staff",
  params: z.object({ kind: z.enum(bulkKindNames) }),
  // The count is checked first for its own message; then the kind's statuses (bulkStatusSchema).
  input: z.object({ ids: z.unknown(), status: z.unknown() }),
  async run({ deps: { db }, caller, params: { kind } }, raw) {
    checkCount(caller.lang, raw.ids);
    const input = parseInput(bulkStatusSchema(kind), raw, caller.lang);
    return bulkStatusAnswer(db, { kind, ids: input.ids, status: input.status, userId: caller.user.id }, caller.lang);
  },
});

const kindParams = z.object({ kind: z.enum(submissionKindNames), id: recordId });
const notFound = (lang: Lang) => new HttpError(404, serverT(lang, "admin", "api.notFound"));

/** GET /api/admin/submissions/{kind}/{id}: one submission → { submission }. */
export const readSubmission = defineEndpoint({
  method: "GET",
  path: "/api/admin/submissions/:kind/:id",
  access: "staff",
  params: kindParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params: { kind, id } }) {
    const row = await getSubmission(db, kind, id);
    if (!row) throw notFound(caller.lang);
    return { status: 200, body: { submission: row } };
  },
});

/** PATCH /api/admin/submissions/{kind}/{id}: { status?, notes? } → { message, submission }, audited in the change's transaction. */
export const changeSubmission = defineEndpoint({
  method: "PATCH",
  path: "/api/admin/submissions/:kind/:id",
  access: "staff",
  params: kindParams,
  input: submissionUpdateSchema,
  async run({ deps: { db }, caller, params: { kind, id } }, change) {
    const row = await updateSubmission(db, kind, id, change, caller.user.id);
    if (!row) throw notFound(caller.lang);
    return { status: 200, body: { message: serverT(caller.lang, "admin", "api.saved"), submission: row } };
  },
});

/** The chosen rows as CSV: the list export's columns, formula guard and academy-time instants. */
async function chosenCsv(db: DB, kind: BulkKindName, rawIds: unknown, lang: Lang): Promise<FileAnswer> {
  checkCount(lang, rawIds);
  const { ids } = parseInput(bulkExportSchema, { ids: rawIds }, lang);
  const timeZone = await academyTimeZone(db);
  if (kind === "demo-bookings")
    return csvFile("demo-bookings-chosen", bookingExportColumns(timeZone), await bookingsForExportByIds(db, ids, timeZone), timeZone);
  const rows = await submissionBase(db, kind).where("id", "in", ids).orderBy("id").execute();
  return csvFile(`${kind}-chosen`, submissionServer[kind].csv, rows, timeZone);
}

/** GET /api/admin/submissions/{kind}/export?ids=1&ids=2 (what the list page's form sends): the chosen rows as CSV. */
export const exportChosenGet = defineEndpoint({
  method: "GET",
  path: "/api/admin/submissions/:kind/export",
  access: "staff",
  produces: "csv",
  params: z.object({ kind: z.enum(bulkKindNames) }),
  // The count is checked first for its own message; then the ids (bulkExportSchema).
  input: z.object({ ids: z.unknown() }),
  run: async ({ deps: { db }, caller, params: { kind } }, { ids }) => chosenCsv(db, kind, idsFromStrings(ids), caller.lang),
});

/** POST /api/admin/submissions/{kind}/export { ids }: the chosen rows as CSV. */
export const exportChosenPost = defineEndpoint({
  method: "POST",
  path: "/api/admin/submissions/:kind/export",
  access: "staff",
  produces: "csv",
  params: z.object({ kind: z.enum(bulkKindNames) }),
  input: z.object({ ids: z.unknown() }),
  run: async ({ deps: { db }, caller, params: { kind } }, { ids }) => chosenCsv(db, kind, ids, caller.lang),
});

/** GET /api/admin/submissions/{kind}: one kind's list (search, filters, pages; JSON or ?format=csv), by that kind's rules. */
export const listSubmissions = defineEndpoint({
  method: "GET",
  path: "/api/admin/submissions/:kind",
  access: "staff",
  produces: "csv",
  alsoJson: true,
  params: z.object({ kind: z.enum(submissionKindNames) }),
  input: async (_deps, _raw, { params: { kind } }) => listInput(submissionServer[kind].spec),
  run: async ({ deps: { db }, params: { kind } }, parsed) => {
    const { spec, csv } = submissionServer[kind];
    return listAnswer(db, spec, parsed, { base: submissionBase(db, kind), filename: kind, columns: csv });
  },
});

/**
 * /api/admin/submissions/{school|contact|enrollments|brochure-leads}: list (JSON or ?format=csv),
 * one record, and PATCH of status and notes; bulk status changes and the CSV of chosen rows
 * (also for demo-bookings). Staff only.
 */
export function submissionsApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use("/api/admin/submissions", requireStaff);
  // The exports before the one record, whose `:id` would take "export".
  router.use(jsonRoutes(deps, [listSubmissions, exportChosenGet, exportChosenPost, changeSubmissionStatuses, readSubmission, changeSubmission]));
  return router;
}
