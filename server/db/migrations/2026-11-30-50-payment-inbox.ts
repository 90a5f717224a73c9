import type { Kysely } from "kysely";
import { oneOf, withId } from "~server/db/portable";

/**
 * The payment boundary that knows "unknown" (issue 38, decision 094).
 *
 * - `payment_events.payload`: the verified event in our words (ProviderEvent as JSON), stored by
 *   the webhook before it answers 200 (the inbox); a `payment-event` job processes it and writes
 *   its `outcome` (`queued` until then) and `processed_at`.
 * - `payment_checkouts.paid_currency`: the currency the provider reported for the payment, kept
 *   beside `paid_amount_minor` so a payment that differs from its checkout is on record.
 * - `payment_notices`: what staff must look at, shown on the dashboard in both languages (a paid
 *   amount that differs from its checkout, a refund the provider failed later or made outside the
 *   app, a dispute, a reconciliation difference). `notice_key` is UNIQUE: the same event or the
 *   same daily difference raises one notice however often it is processed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payment_events").addColumn("payload", "text").execute();
  await db.schema.alterTable("payment_events").addColumn("processed_at", "text").execute();
  await db.schema.alterTable("payment_checkouts").addColumn("paid_currency", "text").execute();
  await withId(db, db.schema.createTable("payment_notices"))
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(oneOf("kind", ["amount-mismatch", "refund-failed", "refund-outside", "refund-refused", "dispute-opened", "dispute-closed", "reconcile"])),
    )
    .addColumn("notice_key", "text", (c) => c.notNull().unique())
    .addColumn("provider_ref", "text")
    .addColumn("invoice_id", "integer")
    .addColumn("amount_minor", "integer")
    .addColumn("currency", "text")
    .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("resolved_at", "text")
    .execute();
  await db.schema.createIndex("payment_notices_open").on("payment_notices").columns(["resolved_at", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payment_notices_open").execute();
  await db.schema.dropTable("payment_notices").execute();
  await db.schema.alterTable("payment_checkouts").dropColumn("paid_currency").execute();
  await db.schema.alterTable("payment_events").dropColumn("processed_at").execute();
  await db.schema.alterTable("payment_events").dropColumn("payload").execute();
}
