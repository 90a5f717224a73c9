import { sql, type Kysely } from "kysely";
import { withId, withTimestamps } from "~server/db/portable";

/**
 * Issue 17, the rest of the parent's space (decision 033):
 * - `demo_bookings.followup_sent_at`: when the follow-up e-mail after an attended demo class was
 *   claimed (a conditional UPDATE where it is still null, in the transaction that queues it), so a
 *   booking gets at most one however often staff toggle its attendance.
 * - `account_children`: children a parent saved on /account, offered by the booking form. Deleted
 *   with the account (ON DELETE CASCADE, and explicitly by the deletion itself).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("demo_bookings").addColumn("followup_sent_at", "text").execute();
  await withTimestamps(
    withId(db, db.schema.createTable("account_children"))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("age", "integer", (c) => c.notNull()),
  ).execute();
  await sql`create index account_children_user on account_children (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("account_children").execute();
  await db.schema.alterTable("demo_bookings").dropColumn("followup_sent_at").execute();
}
