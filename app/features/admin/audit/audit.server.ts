import type { DB } from "~server/db/db";
import type { CsvColumn } from "~/features/admin/list/csv.server";
import { defineList } from "~/features/admin/list/list-query.server";

/** Reading the audit trail (server/audit/audit.ts writes it). */

interface AuditRow {
  id: number;
  created_at: string;
  user_id: number | null;
  user_email: string | null;
  action: string;
  entity: string;
  entity_id: string;
  summary: string;
}

export const auditList = defineList({
  search: ["users.email", "audit_log.action", "audit_log.entity", "audit_log.entity_id", "audit_log.summary"],
  sorts: { created: "audit_log.created_at", who: "users.email", action: "audit_log.action", entity: "audit_log.entity" },
  defaultSort: "created",
  filters: { entity: { column: "audit_log.entity" }, action: { column: "audit_log.action" }, user: { column: "users.email" } },
  idColumn: "audit_log.id",
});

export const auditCsv: CsvColumn<AuditRow>[] = [
  { header: "When", value: (r) => r.created_at , instant: true },
  { header: "Who", value: (r) => r.user_email ?? "" },
  { header: "Action", value: (r) => r.action },
  { header: "Record", value: (r) => r.entity },
  { header: "Record id", value: (r) => r.entity_id },
  { header: "Details", value: (r) => r.summary },
];

export function auditBase(db: DB) {
  return db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.user_id")
    .select([
      "audit_log.id",
      "audit_log.created_at",
      "audit_log.user_id",
      "users.email as user_email",
      "audit_log.action",
      "audit_log.entity",
      "audit_log.entity_id",
      "audit_log.summary",
    ]);
}

/** The record types seen in the log, for the filter. */
export async function auditEntities(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("entity").distinct().orderBy("entity").execute();
  return rows.map((row) => row.entity);
}
