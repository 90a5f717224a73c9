import { sql, type Kysely } from "kysely";

/**
 * Refunds (issue 31 part 6, decision 092).
 *
 * - `payments.refund_state`: a refund row is `pending` from the moment it is reserved (its credit
 *   note issued, the amount taken off what may still be refunded) until the provider has the money
 *   back (`done`), or `failed` when the provider refused it (its ledger entries reversed). A desk
 *   refund and every payment row are `done` at once.
 * - `credit_notes.cancelled_at`: a credit note whose online refund the provider refused; it keeps
 *   its number (no gap) and no longer counts.
 * - Courses and the camp get their refund policy: the percent of what was paid given back when the
 *   enrolment is dropped before the first class, and after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .addColumn("refund_state", "text", (c) =>
      c
        .notNull()
        .defaultTo("done")
        .check(sql`refund_state in ('pending', 'done', 'failed')`),
    )
    .execute();
  await db.schema.alterTable("credit_notes").addColumn("cancelled_at", "text").execute();
  for (const table of ["courses", "camps"]) {
    await db.schema
      .alterTable(table)
      .addColumn("refund_percent_before", "integer", (c) =>
        c
          .notNull()
          .defaultTo(100)
          .check(sql`refund_percent_before between 0 and 100`),
      )
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn("refund_percent_after", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`refund_percent_after between 0 and 100`),
      )
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["courses", "camps"]) {
    await db.schema.alterTable(table).dropColumn("refund_percent_after").execute();
    await db.schema.alterTable(table).dropColumn("refund_percent_before").execute();
  }
  await db.schema.alterTable("credit_notes").dropColumn("cancelled_at").execute();
  await db.schema.alterTable("payments").dropColumn("refund_state").execute();
}
