import type { DB } from "~server/db/db";
import type { RevisedTable } from "~server/db/schema";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import { accountById } from "~/features/accounts/queries.server";

/**
 * Revisions of blog posts and courses (issue 16, decision 035): every save stores the record's
 * editor values as a snapshot with who saved it and when, inside the save's transaction. Only the
 * newest REVISIONS_KEPT per record are kept; a save that changes nothing adds none.
 */
export const REVISIONS_KEPT = 50;

export type FormValues = Record<string, unknown>;

export interface RevisionSummary {
  id: number;
  createdAt: string;
  userId: number | null;
  userName: string;
}

/** Stores `values` as the record's newest revision (unless equal to the newest) and drops the oldest beyond the limit. */
export async function recordRevision(trx: DB, change: { table: RevisedTable; recordId: number; userId: number | null; values: FormValues }): Promise<void> {
  const { table, recordId, userId, values } = change;
  const text = toDbJson(values);
  const newest = await trx
    .selectFrom("content_revisions")
    .select("form_values")
    .where("record_table", "=", table)
    .where("record_id", "=", recordId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (newest?.form_values === text) return;
  const user = userId === null ? undefined : await accountById(trx, userId);
  await trx
    .insertInto("content_revisions")
    .values({ record_table: table, record_id: recordId, user_id: userId, user_name: user?.username ?? "", form_values: text, created_at: nowIso() })
    .execute();
  const oldestKept = await trx
    .selectFrom("content_revisions")
    .select("id")
    .where("record_table", "=", table)
    .where("record_id", "=", recordId)
    .orderBy("id", "desc")
    .limit(1)
    .offset(REVISIONS_KEPT - 1)
    .executeTakeFirst();
  if (oldestKept) {
    await trx.deleteFrom("content_revisions").where("record_table", "=", table).where("record_id", "=", recordId).where("id", "<", oldestKept.id).execute();
  }
}

/** A record's revisions, newest first. */
export async function listRevisions(db: DB, table: RevisedTable, recordId: number): Promise<RevisionSummary[]> {
  const rows = await db
    .selectFrom("content_revisions")
    .select(["id", "created_at", "user_id", "user_name"])
    .where("record_table", "=", table)
    .where("record_id", "=", recordId)
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at, userId: r.user_id, userName: r.user_name }));
}

/** One revision of the record with its values; undefined when it is not one of this record's. */
export async function getRevision(
  db: DB,
  table: RevisedTable,
  recordId: number,
  revisionId: number,
): Promise<(RevisionSummary & { values: FormValues }) | undefined> {
  const row = await db
    .selectFrom("content_revisions")
    .selectAll()
    .where("id", "=", revisionId)
    .where("record_table", "=", table)
    .where("record_id", "=", recordId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, createdAt: row.created_at, userId: row.user_id, userName: row.user_name, values: fromDbJson<FormValues>(row.form_values, {}) };
}

/** Drafts and revisions go with their record (in the delete's transaction). */
export async function forgetRecordHistory(trx: DB, table: RevisedTable, recordId: number): Promise<void> {
  await trx.deleteFrom("content_revisions").where("record_table", "=", table).where("record_id", "=", recordId).execute();
  await trx.deleteFrom("content_drafts").where("record_table", "=", table).where("record_id", "=", recordId).execute();
}

/**
 * What every save of a post or course does besides the write, in its transaction: the new state
 * becomes a revision, and the saver's draft of it (of the "new" editor when it was just created) is gone.
 */
export async function afterContentSave(
  trx: DB,
  save: { table: RevisedTable; recordId: number; userId: number; values: FormValues; created: boolean },
): Promise<void> {
  await recordRevision(trx, save);
  await trx
    .deleteFrom("content_drafts")
    .where("record_table", "=", save.table)
    .where("record_id", "=", save.created ? 0 : save.recordId)
    .where("user_id", "=", save.userId)
    .execute();
}
