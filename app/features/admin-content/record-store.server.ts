import { inTransaction, type DB, type Trx } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { diffFields, recordAudit } from "~server/audit/audit";
import { TakenError, type SavedRecord } from "./collection.server";
import { isUniqueViolation } from "~server/db/errors";
import { forgetRecordHistory } from "./revisions.server";

/** The tables of the admin collections. */
type CollectionTable = "blog_posts" | "courses" | "teachers" | "products" | "testimonials";

/** A write that a unique index may refuse (two editors racing for a slug or key): the refusal becomes TakenError(field). */
export async function claimingUnique<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new TakenError(field);
    throw error;
  }
}

/** The columns that name a record in the audit log; the first non-empty wins (an Arabic-only post has no English title). */
type NameColumns = readonly string[];

function recordName(row: Record<string, unknown>, columns: NameColumns): string {
  for (const column of columns) {
    const value = row[column];
    if (value !== null && value !== undefined && String(value).trim() !== "") return String(value);
  }
  return "";
}

/**
 * Saves a record's columns and logs each changed field (before → after) in one transaction,
 * naming the record by its `label` column; undefined when there is no such record.
 */
export async function updateAudited(
  db: DB,
  change: {
    table: CollectionTable;
    entity: string;
    id: number;
    values: Record<string, unknown>;
    userId: number;
    label: NameColumns;
    /** More of the save, in its transaction (a course's revision). */
    after?: (trx: DB) => Promise<unknown>;
  },
): Promise<SavedRecord | undefined> {
  const { table, entity, id, values, userId, label, after } = change;
  return inTransaction(db, async (trx) => {
    const before = (await trx.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst()) as Record<string, unknown> | undefined;
    if (!before) return undefined;
    await trx
      .updateTable(table)
      .set({ ...values, updated_at: nowIso() } as never)
      .where("id", "=", id)
      .execute();
    const name = recordName({ ...before, ...values }, label);
    await recordAudit(trx, { userId, action: "update", entity, entityId: id, name, changes: diffFields(before, values) });
    await after?.(trx);
    return { id };
  });
}

/**
 * Deletes a record and logs it, naming it in the log by one of its columns (`label`); `before`
 * removes what hangs on it first. False when there was none.
 */
export async function deleteAudited(
  db: DB,
  removal: { table: CollectionTable; entity: string; id: number; userId: number; label: NameColumns; before?: (trx: Trx) => Promise<unknown> },
): Promise<boolean> {
  const { table, entity, id, userId, label, before } = removal;
  return inTransaction(db, async (trx) => {
    const row = (await trx.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst()) as Record<string, unknown> | undefined;
    if (!row) return false;
    await before?.(trx);
    if (table === "blog_posts" || table === "courses" || table === "testimonials") await forgetRecordHistory(trx, table, id);
    await trx.deleteFrom(table).where("id", "=", id).execute();
    await recordAudit(trx, { userId, action: "delete", entity, entityId: id, name: recordName(row, label) });
    return true;
  });
}
