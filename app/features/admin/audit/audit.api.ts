import { Router } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { requireAdmin } from "~server/security/access";
import { fromDbJson } from "~server/db/values";
import { sendList } from "~/features/admin/list/list-query.server";
import { auditBase, auditCsv, auditList } from "./audit.server";

/** GET /api/admin/audit: the audit trail (search, filters entity/action/user, JSON or ?format=csv). Staff only. */
export function auditApi({ db }: EndpointDeps): Router {
  const router = Router();
  router.use("/api/admin/audit", requireAdmin);
  router.get("/api/admin/audit", async (req, res) => {
    await sendList(req, res, auditBase(db), auditList, {
      db,
      filename: "audit-log",
      columns: auditCsv,
      toJson: (row) => ({ ...row, summary: fromDbJson<unknown>(row.summary, {}) }),
    });
  });
  return router;
}
