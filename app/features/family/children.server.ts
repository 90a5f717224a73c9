import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { MAX_CHILDREN } from "./limits";
import { familyOf } from "./account-owner.server";
import { mayUse, type FamilyPart } from "./family-parts";

/**
 * The account that keeps the family's saved children: the primary guardian's (decision 139), or
 * none when the caller's role may not use `part` (a payer or a pickup guardian sees no children).
 */
async function keeper(db: DB, userId: number, part: FamilyPart): Promise<number | undefined> {
  const family = await familyOf(db, userId);
  return mayUse(family.role, part) ? family.id : undefined;
}

/** A child a parent saved on /account (decision 033). */
export interface SavedChild {
  id: number;
  name: string;
  age: number;
}

/** The account's saved children, oldest first (the order they were added). */
export async function listChildren(db: DB, accountId: number): Promise<SavedChild[]> {
  const userId = await keeper(db, accountId, "see");
  if (userId === undefined) return [];
  return db.selectFrom("account_children").select(["id", "name", "age"]).where("user_id", "=", userId).orderBy("id").execute();
}

/** The children saved by this account itself (no family role applies: the account's data export), oldest first. */
export function savedChildrenOf(db: DB, userId: number) {
  return db.selectFrom("account_children").select(["name", "age", "created_at", "updated_at"]).where("user_id", "=", userId).orderBy("id").execute();
}

/** The name of a child this account saved itself, or undefined (a sibling price compares names). */
export function savedChildName(db: DB, userId: number, id: number) {
  return db.selectFrom("account_children").select("name").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

/** One saved child of this account, or undefined (another account's child is not found either). */
export async function findChild(db: DB, accountId: number, id: number): Promise<SavedChild | undefined> {
  const userId = await keeper(db, accountId, "act");
  if (userId === undefined) return undefined;
  return db.selectFrom("account_children").select(["id", "name", "age"]).where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}

/**
 * Saves a child, unless the account already has MAX_CHILDREN ("full"). The count and the insert are
 * one transaction; two adds at once may both see nine on PostgreSQL and make eleven, which harms
 * nobody (the limit keeps the list a list, it is not a quota).
 */
export async function addChild(db: DB, accountId: number, child: { name: string; age: number }): Promise<SavedChild | "full"> {
  const userId = (await keeper(db, accountId, "act")) ?? accountId;
  return db.transaction().execute(async (trx) => {
    const { n } = await trx
      .selectFrom("account_children")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_CHILDREN) return "full";
    const now = nowIso();
    const row = await trx
      .insertInto("account_children")
      .values({ user_id: userId, name: child.name, age: child.age, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, ...child };
  });
}

/** Changes a saved child of this account; false when it has no such child. */
export async function updateChild(db: DB, accountId: number, id: number, child: { name: string; age: number }): Promise<boolean> {
  const userId = await keeper(db, accountId, "act");
  if (userId === undefined) return false;
  const result = await db
    .updateTable("account_children")
    .set({ name: child.name, age: child.age, updated_at: nowIso() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a saved child of this account; false when it has no such child. */
export async function removeChild(db: DB, accountId: number, id: number): Promise<boolean> {
  const userId = await keeper(db, accountId, "act");
  if (userId === undefined) return false;
  const result = await db.deleteFrom("account_children").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Erasure with the family's account: every saved child goes; returns how many. */
export async function forgetChildren(trx: DB, accountId: number): Promise<number> {
  const gone = await trx.deleteFrom("account_children").where("user_id", "=", accountId).executeTakeFirst();
  return Number(gone.numDeletedRows);
}
