import { sql, type Kysely } from "kysely";
import { oneOf } from "~server/db/portable";

/**
 * Demo classes online or at the academy (set per slot by staff; online ones carry the meeting
 * link), and a short booking code parents can read out on the phone (the long reference stays in
 * links). Existing slots are at the academy; existing bookings have no code (NULL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("demo_slots")
    .addColumn("mode", "text", (c) =>
      c
        .notNull()
        .defaultTo("academy")
        .check(oneOf("mode", ["academy", "online"])),
    )
    .execute();
  await db.schema
    .alterTable("demo_slots")
    .addColumn("meeting_url", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("demo_bookings").addColumn("code", "text").execute();
  await sql`create unique index demo_bookings_code on demo_bookings (code)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("demo_bookings_code").execute();
  await db.schema.alterTable("demo_bookings").dropColumn("code").execute();
  await db.schema.alterTable("demo_slots").dropColumn("meeting_url").execute();
  await db.schema.alterTable("demo_slots").dropColumn("mode").execute();
}
