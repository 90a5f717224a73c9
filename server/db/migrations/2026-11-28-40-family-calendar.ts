import { sql, type Kysely } from "kysely";
import { oneOf, withId } from "~server/db/portable";

/**
 * The family's calendar feed and demo-to-enrolment (issue 29, decision 068). `calendar_feeds` holds
 * one private feed per account: the SHA-256 of its URL's token (found by it) and the seed the token
 * is rebuilt from under SESSION_SECRET (so /account can show the URL again; neither column opens
 * the feed without the secret). `section_enrolments.demo_booking_id` ties an enrolment made from a
 * demo booking to it: one live enrolment per booking (a partial unique index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("calendar_feeds"))
    .addColumn("user_id", "integer", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
    .addColumn("seed", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // The language of the feed's event titles: the page's where the family made it.
    .addColumn("lang", "text", (c) =>
      c
        .notNull()
        .defaultTo("en")
        .check(oneOf("lang", ["en", "ar"])),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable("section_enrolments")
    .addColumn("demo_booking_id", "integer", (c) => c.references("demo_bookings.id").onDelete("set null"))
    .execute();
  await sql`create unique index section_enrolments_demo on section_enrolments (demo_booking_id) where status = 'enrolled' and demo_booking_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index section_enrolments_demo`.execute(db);
  await db.schema.alterTable("section_enrolments").dropColumn("demo_booking_id").execute();
  await db.schema.dropTable("calendar_feeds").execute();
}
