import type { Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * Paying online (issue 31 part 3, decision 085). `payment_checkouts` is one hosted checkout at the
 * provider (Stripe Checkout) for what a family pays: its session id is UNIQUE, so a session is
 * stored once, and its status goes open → paid once (a conditional UPDATE), so a payment is
 * recorded once. `payment_events` keeps every provider event handled, by its UNIQUE event id: the
 * same webhook delivered twice finds its row. `section_enrolments.payment_hold_until`: a seat held
 * while the family pays (set, the enrolment waits for its payment; null, it is confirmed or was
 * never held).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("payment_checkouts"))
      .addColumn("provider", "text", (c) => c.notNull().check(oneOf("provider", ["stripe"])))
      .addColumn("session_id", "text", (c) => c.notNull().unique())
      .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["section"])))
      .addColumn("enrolment_id", "integer", (c) => c.references("section_enrolments.id").onDelete("set null"))
      .addColumn("amount_minor", "integer", (c) => c.notNull())
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("open")
          .check(oneOf("status", ["open", "paid", "expired", "refunded"])),
      )
      .addColumn("hold_expires_at", "text", (c) => c.notNull())
      .addColumn("lang", "text", (c) =>
        c
          .notNull()
          .defaultTo("en")
          .check(oneOf("lang", ["en", "ar"])),
      )
      // The provider's payment (Stripe's payment_intent id): what a refund names.
      .addColumn("payment_ref", "text")
      .addColumn("paid_amount_minor", "integer")
      .addColumn("paid_at", "text"),
  ).execute();
  await db.schema.createIndex("payment_checkouts_enrolment").on("payment_checkouts").columns(["enrolment_id", "status"]).execute();
  await withId(db, db.schema.createTable("payment_events"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull().unique())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("session_id", "text")
    // What handling it did: confirmed, late-confirmed, refunded, duplicate, ignored.
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("section_enrolments").addColumn("payment_hold_until", "text").execute();
  await db.schema.createIndex("section_enrolments_payment_hold").on("section_enrolments").column("payment_hold_until").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("section_enrolments_payment_hold").execute();
  await db.schema.alterTable("section_enrolments").dropColumn("payment_hold_until").execute();
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("payment_checkouts").execute();
}
