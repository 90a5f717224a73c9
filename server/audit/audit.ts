import type { Kysely, Transaction } from "kysely";
import type { Database } from "~server/db/schema";
import { nowIso, toDbJson } from "~server/db/values";

/**
 * The admin audit trail. Every admin change, in every feature, calls `recordAudit` after (or in
 * the same transaction as) the change:
 *
 *   await recordAudit(db, { userId: res.locals.user.id, action: "update", entity: "course", entityId: id, summary: { changed: ["price"] } });
 *
 * `action` is a short verb ("create", "update", "delete", "status", "role", "disable", ...),
 * `entity` the kind of record ("course", "blog_post", "user", "settings", ...). `summary` is
 * stored as JSON; keep it small and never put secrets (passwords, tokens) in it.
 */
export interface AuditEntry {
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  summary?: unknown;
}

export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      user_id: entry.userId,
      action: entry.action.slice(0, 60),
      entity: entry.entity.slice(0, 60),
      entity_id: entry.entityId == null ? "" : String(entry.entityId),
      summary: toDbJson(entry.summary ?? {}),
      created_at: nowIso(),
    })
    .execute();
}
