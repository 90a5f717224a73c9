import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { DB } from "~server/db/db";
import type { Database } from "~server/db/schema";

/**
 * The two seat counters (decisions 006, 059, 066): a demo slot's and a course section's. Both
 * tables have `capacity`, `seats_taken`, `status` and `starts_at`, and both are changed only here:
 * a seat is taken by ONE conditional UPDATE the database decides under its row lock (never a read
 * decided in JavaScript) and given back by one that never goes below zero.
 */
export type SeatTable = "demo_slots" | "course_sections";

/** The counter's row as the UPDATE ... RETURNING gives it, inside the transaction holding its lock. */
export interface SeatRow {
  id: number;
  capacity: number;
  seats_taken: number;
  status: string;
  starts_at: string;
}

/** What else the seat's row must satisfy, in that table's own columns. */
export type SeatCondition<T extends SeatTable> = (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;

const SEAT_COLUMNS = ["id", "capacity", "seats_taken", "status", "starts_at"] as const;

// Both tables share the columns used here; the query is built against one of them and run on the
// table named (the SQL names the table given).
const as = (table: SeatTable) => table as "demo_slots";

/**
 * Takes one seat of the row `id` of `table`, or nothing: `seats_taken + 1` only while
 * `seats_taken < capacity` and `where` hold. Returns the row after, or undefined (no seat taken).
 */
export async function takeSeatIn<T extends SeatTable>(trx: DB, table: T, id: number, now: string, where?: SeatCondition<T>): Promise<SeatRow | undefined> {
  let query = trx
    .updateTable(as(table))
    .set({ seats_taken: sql`seats_taken + 1`, updated_at: now })
    .where("id", "=", id)
    .where((eb) => eb("seats_taken", "<", eb.ref("capacity")));
  if (where) query = query.where(where as unknown as SeatCondition<"demo_slots">);
  return query.returning(SEAT_COLUMNS).executeTakeFirst();
}

/** Gives one seat of the row back (never below zero). Returns the row after, or undefined. */
export async function releaseSeatIn(trx: DB, table: SeatTable, id: number, now: string): Promise<SeatRow | undefined> {
  return trx
    .updateTable(as(table))
    .set({ seats_taken: sql`seats_taken - 1`, updated_at: now })
    .where("id", "=", id)
    .where("seats_taken", ">", 0)
    .returning(SEAT_COLUMNS)
    .executeTakeFirst();
}

/** The row as it is now, without a lock (to explain a refusal after its transaction); undefined when none. */
export async function readSeatRow(db: DB, table: SeatTable, id: number): Promise<SeatRow | undefined> {
  return db.selectFrom(as(table)).select(SEAT_COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** Writes the row (its lock held to the end of the transaction) without changing a seat; undefined when none. */
export async function lockSeatRow(trx: DB, table: SeatTable, id: number, now: string): Promise<SeatRow | undefined> {
  return trx.updateTable(as(table)).set({ updated_at: now }).where("id", "=", id).returning(SEAT_COLUMNS).executeTakeFirst();
}
