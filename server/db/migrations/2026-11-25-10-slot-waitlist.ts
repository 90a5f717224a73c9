import { sql, type Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * The waitlist of full demo slots (decision 032). A parent waits in line (`waiting`); when a seat
 * frees, the first in line is `offered` it: the seat stays counted in demo_slots.seats_taken while
 * the offer is open, so seats_taken = live bookings + open offers and nobody else can take it.
 * Accepting turns the entry into a booking (`booked`); an offer that runs out is `expired` and the
 * seat passes on; the parent may leave (`left`). `token` is the entry's link secret (status,
 * accept and leave pages), like a booking's cancel token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("slot_waitlist"))
      .addColumn("slot_id", "integer", (c) => c.notNull().references("demo_slots.id").onDelete("cascade"))
      .addColumn("course_id", "integer", (c) => c.references("courses.id").onDelete("set null"))
      .addColumn("token", "text", (c) => c.notNull().unique())
      .addColumn("child_name", "text", (c) => c.notNull())
      .addColumn("child_age", "integer", (c) => c.notNull())
      .addColumn("parent_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("lang", "text", (c) =>
        c
          .notNull()
          .defaultTo("en")
          .check(oneOf("lang", ["en", "ar"])),
      )
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("waiting")
          .check(oneOf("status", ["waiting", "offered", "booked", "expired", "left"])),
      )
      .addColumn("offered_at", "text")
      .addColumn("offer_expires_at", "text")
      .addColumn("booking_id", "integer"),
  ).execute();
  // The line of a slot, in order of joining.
  await db.schema.createIndex("slot_waitlist_slot").on("slot_waitlist").columns(["slot_id", "status", "id"]).execute();
  // One place in line per e-mail and slot while waiting or offered (partial index, both databases).
  await sql`create unique index slot_waitlist_slot_email on slot_waitlist (slot_id, email) where status in ('waiting', 'offered')`.execute(db);
  // The expiry sweep looks for open offers.
  await sql`create index slot_waitlist_offers on slot_waitlist (offer_expires_at) where status = 'offered'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("slot_waitlist").execute();
}
