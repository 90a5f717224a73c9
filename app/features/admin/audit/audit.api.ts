import { Router } from "express";
import { jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { requireAdmin } from "~server/security/access";
import { fromDbJson } from "~server/db/values";
import { listEndpoint, listSource } from "~/features/admin-kit/list/list-query.server";
import { auditBase, auditCsv, auditList } from "./audit.server";

/** GET /api/admin/audit: the audit trail (search, filters entity/action/user, JSON or ?format=csv). Admins only. */
export const listAudit = listEndpoint({
  path: "/api/admin/audit",
  access: "admin",
  spec: auditList,
  source: ({ db }) =>
    listSource(auditBase(db), { filename: "audit-log", columns: auditCsv, toJson: (row) => ({ ...row, summary: fromDbJson<unknown>(row.summary, {}) }) }),
});

export function auditApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use("/api/admin/audit", requireAdmin);
  router.use(jsonRoutes(deps, [listAudit]));
  return router;
}
