import type { Kysely, Transaction } from "kysely";
import type { Database } from "~server/db/schema";
import { nowIso, toDbJson } from "~server/db/values";

/**
 * The admin audit trail. Every admin change, in every feature, calls `recordAudit` in the same
 * transaction as the change:
 *
 *   await recordAudit(trx, { userId, action: "update", entity: "course", entityId: id, name: "Robotics", changes: diffFields(before, after) });
 *
 * `action` is a short verb ("create", "update", "delete", "status", "role", "disable", ...),
 * `entity` the kind of record ("course", "blog_post", "user", "settings", ...), `name` the record's
 * name as staff know it (kept, so the log still names a deleted record), `changes` each changed
 * field before → after. `summary` holds anything else (small). Never put secrets in any of them.
 */
export interface AuditEntry {
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  name?: string;
  changes?: FieldChanges;
  summary?: Record<string, unknown>;
}

/** Field name → its value before and after the change. */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** Long values (article bodies, JSON lists) are cut: the log says what changed, it is not a copy. */
const MAX_LOGGED_LENGTH = 160;
/** Columns that change on every save, and anything secret, never appear in the log. */
const UNLOGGED = /^(created_at|updated_at)$|password|token|secret/i;

/** How a value is compared: SQLite's 1/0 equals true/false, PostgreSQL's "5000" equals 5000, null equals "". */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function clip(value: unknown): unknown {
  const text = typeof value === "object" && value !== null ? JSON.stringify(value) : value;
  if (typeof text === "string" && text.length > MAX_LOGGED_LENGTH) return `${text.slice(0, MAX_LOGGED_LENGTH)}…`;
  return text ?? null;
}

/** The fields of `after` whose values differ from `before`, each as { from, to } (long values cut). */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, value] of Object.entries(after)) {
    if (UNLOGGED.test(field) || value === undefined) continue;
    if (canonical(before[field]) === canonical(value)) continue;
    changes[field] = { from: clip(before[field]), to: clip(value) };
  }
  return changes;
}

export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  const summary: Record<string, unknown> = { ...entry.summary };
  if (entry.name !== undefined) summary.name = entry.name.slice(0, MAX_LOGGED_LENGTH);
  if (entry.changes !== undefined) summary.changes = entry.changes;
  await db
    .insertInto("audit_log")
    .values({
      user_id: entry.userId,
      action: entry.action.slice(0, 60),
      entity: entry.entity.slice(0, 60),
      entity_id: entry.entityId == null ? "" : String(entry.entityId),
      summary: toDbJson(summary),
      created_at: nowIso(),
    })
    .execute();
}
