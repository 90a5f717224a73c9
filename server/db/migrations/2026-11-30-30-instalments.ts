import { sql, type Kysely } from "kysely";
import { replaceCheck } from "~server/db/portable";

/**
 * Instalments (issue 31 part 4, decision 091).
 *
 * - `courses.instalment_count`, `camps.instalment_count`: the offer's rule, "split new invoices
 *   into N monthly instalments" (0: not split; else 2 to 12).
 * - `payment_checkouts.kind` widens to 'invoice' (a family paying an invoice or one of its
 *   instalments from its payment link), with the invoice and, for one part, the instalment paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["courses", "camps"]) {
    await db.schema
      .alterTable(table)
      .addColumn("instalment_count", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`instalment_count = 0 or (instalment_count >= 2 and instalment_count <= 12)`),
      )
      .execute();
  }
  await replaceCheck(db, "payment_checkouts", "kind", "'section'", "'section', 'invoice'");
  await db.schema
    .alterTable("payment_checkouts")
    .addColumn("invoice_id", "integer", (c) => c.references("invoices.id"))
    .execute();
  await db.schema
    .alterTable("payment_checkouts")
    .addColumn("instalment_id", "integer", (c) => c.references("invoice_instalments.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("payment_checkouts_invoice").on("payment_checkouts").column("invoice_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payment_checkouts_invoice").execute();
  await db.schema.alterTable("payment_checkouts").dropColumn("instalment_id").execute();
  await db.schema.alterTable("payment_checkouts").dropColumn("invoice_id").execute();
  await replaceCheck(db, "payment_checkouts", "kind", "'section', 'invoice'", "'section'");
  for (const table of ["courses", "camps"]) await db.schema.alterTable(table).dropColumn("instalment_count").execute();
}
