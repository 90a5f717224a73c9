import type { DB } from "~server/db/db";
import type { RevisedTable } from "~server/db/schema";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import type { FormValues } from "./revisions.server";

/**
 * Drafts (issue 16, decision 035): while staff type in a blog post's or course's editor, its values
 * are saved here, one draft per person and record (record 0: the "new" editor). Nobody else sees
 * them and the public site never reads them. Saving the record deletes the saver's draft in the
 * save's transaction; the draft survives signing out, and goes with the account or the record.
 */
export interface Draft {
  values: FormValues;
  savedAt: string;
}

interface DraftKey {
  table: RevisedTable;
  recordId: number;
  userId: number;
}

export async function getDraft(db: DB, { table, recordId, userId }: DraftKey): Promise<Draft | undefined> {
  const row = await db
    .selectFrom("content_drafts")
    .select(["form_values", "updated_at"])
    .where("record_table", "=", table)
    .where("record_id", "=", recordId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row && { values: fromDbJson<FormValues>(row.form_values, {}), savedAt: row.updated_at };
}

export async function saveDraft(db: DB, key: DraftKey, values: FormValues): Promise<Draft> {
  const now = nowIso();
  const text = toDbJson(values);
  await db
    .insertInto("content_drafts")
    .values({ record_table: key.table, record_id: key.recordId, user_id: key.userId, form_values: text, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(["record_table", "record_id", "user_id"]).doUpdateSet({ form_values: text, updated_at: now }))
    .execute();
  return { values, savedAt: now };
}

export async function deleteDraft(db: DB, { table, recordId, userId }: DraftKey): Promise<void> {
  await db.deleteFrom("content_drafts").where("record_table", "=", table).where("record_id", "=", recordId).where("user_id", "=", userId).execute();
}

/**
 * What the editor offers on opening: the person's draft, and whether the record was saved after it
 * (by someone else: saving clears one's own draft), so restoring it would undo that save.
 */
export async function draftForEditor(db: DB, key: DraftKey): Promise<(Draft & { olderThanRecord: boolean }) | null> {
  const draft = await getDraft(db, key);
  if (!draft) return null;
  let recordSavedAt: string | undefined;
  if (key.recordId !== 0) {
    const row = await db.selectFrom(key.table).select("updated_at").where("id", "=", key.recordId).executeTakeFirst();
    recordSavedAt = row?.updated_at;
  }
  return { ...draft, olderThanRecord: recordSavedAt !== undefined && recordSavedAt > draft.savedAt };
}
