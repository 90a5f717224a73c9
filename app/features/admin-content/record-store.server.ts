import { sql } from "kysely";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { recordAudit } from "~server/audit/audit";
import { TakenError, type SavedRecord } from "./collection.server";
import { isUniqueViolation } from "~server/db/errors";

/** The tables of the admin collections. */
type CollectionTable = "blog_posts" | "courses" | "teachers" | "products";

/** A write that a unique index may refuse (two editors racing for a slug or key): the refusal becomes TakenError(field). */
export async function claimingUnique<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new TakenError(field);
    throw error;
  }
}

/** Saves a record's columns and logs the change in one transaction; undefined when there is no such record. */
export async function updateAudited(
  db: DB,
  change: { table: CollectionTable; entity: string; id: number; values: Record<string, unknown>; userId: number; summary: Record<string, unknown> },
): Promise<SavedRecord | undefined> {
  const { table, entity, id, values, userId, summary } = change;
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable(table)
      .set({ ...values, updated_at: nowIso() } as never)
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    await recordAudit(trx, { userId, action: "update", entity, entityId: id, summary });
    return { id };
  });
}

/**
 * Deletes a record and logs it, naming it in the log by one of its columns (`label`, logged as
 * `summaryKey`); `before` removes what hangs on it first. False when there was none.
 */
export async function deleteAudited(
  db: DB,
  removal: { table: CollectionTable; entity: string; id: number; userId: number; label: string; summaryKey: string; before?: (trx: DB) => Promise<unknown> },
): Promise<boolean> {
  const { table, entity, id, userId, label, summaryKey, before } = removal;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom(table)
      .select(sql<string>`${sql.ref(label)}`.as("label"))
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return false;
    await before?.(trx);
    await trx.deleteFrom(table).where("id", "=", id).execute();
    await recordAudit(trx, { userId, action: "delete", entity, entityId: id, summary: { [summaryKey]: row.label } });
    return true;
  });
}
