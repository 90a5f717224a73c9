import { sql, type Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * Demo class slots and their bookings. `seats_taken` is the seat counter that the booking
 * transaction raises with a conditional UPDATE, so a slot can never hold more than `capacity`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("demo_slots"))
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("duration_minutes", "integer", (c) => c.notNull())
      .addColumn("capacity", "integer", (c) => c.notNull().check(sql`capacity >= 0`))
      .addColumn("seats_taken", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`seats_taken >= 0`),
      )
      .addColumn("course_id", "integer", (c) => c.references("courses.id").onDelete("set null"))
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("open")
          .check(oneOf("status", ["open", "closed"])),
      ),
  ).execute();
  await db.schema.createIndex("demo_slots_starts_at").on("demo_slots").columns(["starts_at"]).execute();

  await withTimestamps(
    withId(db, db.schema.createTable("demo_bookings"))
      .addColumn("reference", "text", (c) => c.notNull().unique())
      .addColumn("cancel_token", "text", (c) => c.notNull().unique())
      .addColumn("slot_id", "integer", (c) => c.notNull().references("demo_slots.id"))
      .addColumn("course_id", "integer", (c) => c.references("courses.id").onDelete("set null"))
      // A copy of the course name, so the booking history survives the course's deletion.
      .addColumn("course_name", "text", (c) => c.notNull().defaultTo(""))
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
          .defaultTo("booked")
          .check(oneOf("status", ["booked", "attended", "no_show", "cancelled"])),
      )
      .addColumn("user_id", "integer"),
  ).execute();
  await db.schema.createIndex("demo_bookings_slot").on("demo_bookings").columns(["slot_id"]).execute();
  // One live seat per e-mail and slot; a cancelled booking frees the pair (partial index, both databases).
  await sql`create unique index demo_bookings_slot_email on demo_bookings (slot_id, email) where status <> 'cancelled'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("demo_bookings").execute();
  await db.schema.dropTable("demo_slots").execute();
}
