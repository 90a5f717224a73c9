import type { DB } from "~server/db/db";

/**
 * Reading the audit log (decision 153): the screens and reports that read `audit_log` call these,
 * beside the writer (audit.ts), so its columns and actions are known in one folder.
 */

/** The log's entries with the e-mail of who acted: the audit screen's list (add its filters, sort and page). */
export function auditEntries(db: DB) {
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

/** The values seen in the log for the screen's filters: record types, actions and the people who acted. */
export async function auditFilterValues(db: DB): Promise<{ entities: string[]; actions: string[]; people: string[] }> {
  const [entities, actions, people] = await Promise.all([
    db.selectFrom("audit_log").select("entity").distinct().orderBy("entity").execute(),
    db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute(),
    db.selectFrom("audit_log").innerJoin("users", "users.id", "audit_log.user_id").select("users.email").distinct().orderBy("users.email").execute(),
  ]);
  return { entities: entities.map((r) => r.entity), actions: actions.map((r) => r.action), people: people.map((r) => r.email) };
}

/** When each of these records was last given this action (entity ids as the log keeps them, text), by id. */
export function lastActionAt(db: DB, entity: string, action: string, entityIds: readonly string[]) {
  return db
    .selectFrom("audit_log")
    .select(["entity_id", (eb) => eb.fn.max("created_at").as("at")])
    .where("entity", "=", entity)
    .where("action", "=", action)
    .where("entity_id", "in", entityIds)
    .groupBy("entity_id")
    .execute();
}

/** The newest entry's id (0 when the log is empty): it changes with every audited change of content. */
export async function newestAuditId(db: DB): Promise<string> {
  const row = await db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.max("id").as("v"))
    .executeTakeFirst();
  return String(row?.v ?? 0);
}
