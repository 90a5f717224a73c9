import { sql, type Kysely } from "kysely";

/**
 * When a booking's 24-hour reminder was claimed (decision 029): the reminder sweep sets it with a
 * conditional UPDATE (only where it is still null), in the transaction that queues the e-mail, so
 * each reminder is sent once however many instances sweep. A reschedule sets it back to null.
 * Existing bookings get none, and are reminded if their class is still more than a sweep away.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("demo_bookings").addColumn("reminder_sent_at", "text").execute();
  // The sweep looks for live bookings still waiting for their reminder.
  await sql`create index demo_bookings_reminder_due on demo_bookings (slot_id) where reminder_sent_at is null and status = 'booked'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("demo_bookings_reminder_due").execute();
  await db.schema.alterTable("demo_bookings").dropColumn("reminder_sent_at").execute();
}
