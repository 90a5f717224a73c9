import { sql, type Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * Billing (issue 31, decision 082). Amounts are integer minor units of the row's currency.
 *
 * - `invoice_counters`: the last number given per series (INV, CN) and year. A number is taken by
 *   one upsert that raises the counter in the invoice's own transaction, so a rolled-back invoice
 *   gives its number back and two invoices never share one (gapless, no duplicate).
 * - `invoices` and `invoice_lines`: what a family owes for one enrolment (a course group's or the
 *   camp's; one live invoice per enrolment by a partial UNIQUE index), its lines as priced (a price
 *   positive, a discount negative, tax when prices exclude it).
 * - `invoice_instalments`: the invoice's fee split into dated parts; the reminder columns are
 *   claimed by conditional UPDATEs (one reminder across instances).
 * - `payments`: money in (kind payment) and out (kind refund), desk or online; the provider's
 *   reference is UNIQUE, so a payment or refund the provider reports twice is recorded once.
 * - `credit_notes`: numbered reductions of an invoice (a refund, or a voided invoice).
 * - `ledger_entries`: every change of what a family owes, signed (a charge or refund raises the
 *   balance; a discount, credit note or payment lowers it). The balance shown is their sum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("invoice_counters")
    .addColumn("series", "text", (c) => c.notNull().check(oneOf("series", ["INV", "CN"])))
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("last", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("invoice_counters_pk", ["series", "year"])
    .execute();
  await withTimestamps(
    withId(db, db.schema.createTable("invoices"))
      .addColumn("number", "text", (c) => c.notNull().unique())
      .addColumn("family_key", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("parent_name", "text", (c) => c.notNull())
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("lang", "text", (c) => c.notNull().check(oneOf("lang", ["en", "ar"])))
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("offer_kind", "text", (c) => c.notNull().check(oneOf("offer_kind", ["section", "camp"])))
      .addColumn("enrolment_id", "integer", (c) => c.references("section_enrolments.id").onDelete("set null"))
      .addColumn("enrollment_id", "integer", (c) => c.references("enrollments.id").onDelete("set null"))
      .addColumn("child_name", "text", (c) => c.notNull())
      .addColumn("description_en", "text", (c) => c.notNull())
      .addColumn("description_ar", "text", (c) => c.notNull())
      .addColumn("total_minor", "integer", (c) => c.notNull())
      // Tax inside the total (prices inclusive) or added as a line (exclusive); its name, rate and
      // registration number as they were when the invoice was issued.
      .addColumn("tax_minor", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("tax_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("tax_rate_bp", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("tax_registration", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("tax_inclusive", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("open")
          .check(oneOf("status", ["open", "paid", "void"])),
      )
      .addColumn("issued_at", "text", (c) => c.notNull())
      .addColumn("due_on", "text", (c) => c.notNull())
      .addCheckConstraint("invoices_total", sql`total_minor >= 0`),
  ).execute();
  // One live invoice per enrolment; a void one may be followed by another (a payment after the hold ran out).
  await db.schema.createIndex("invoices_enrolment").on("invoices").column("enrolment_id").unique().where(sql.ref("status"), "<>", "void").execute();
  await db.schema.createIndex("invoices_enrollment").on("invoices").column("enrollment_id").unique().where(sql.ref("status"), "<>", "void").execute();
  await db.schema.createIndex("invoices_family").on("invoices").columns(["family_key", "issued_at"]).execute();
  await db.schema.createIndex("invoices_status").on("invoices").columns(["status", "due_on"]).execute();
  await withId(db, db.schema.createTable("invoice_lines"))
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["price", "discount", "tax"])))
    .addColumn("label_en", "text", (c) => c.notNull())
    .addColumn("label_ar", "text", (c) => c.notNull())
    .addColumn("amount_minor", "integer", (c) => c.notNull())
    .addUniqueConstraint("invoice_lines_position", ["invoice_id", "position"])
    .execute();
  await withId(db, db.schema.createTable("invoice_instalments"))
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("due_on", "text", (c) => c.notNull())
    .addColumn("amount_minor", "integer", (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn("reminded_before_at", "text")
    .addColumn("reminded_overdue_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("invoice_instalments_position", ["invoice_id", "position"])
    .execute();
  await db.schema.createIndex("invoice_instalments_due").on("invoice_instalments").column("due_on").execute();
  await withId(db, db.schema.createTable("credit_notes"))
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id"))
    .addColumn("family_key", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount_minor", "integer", (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["refund", "void", "adjustment"])))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("lang", "text", (c) => c.notNull().check(oneOf("lang", ["en", "ar"])))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("credit_notes_invoice").on("credit_notes").column("invoice_id").execute();
  await withId(db, db.schema.createTable("payments"))
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id"))
    .addColumn("family_key", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["payment", "refund"])))
    .addColumn("method", "text", (c) => c.notNull().check(oneOf("method", ["cash", "bank_transfer", "cheque", "online"])))
    .addColumn("amount_minor", "integer", (c) => c.notNull().check(sql`amount_minor > 0`))
    // The provider's payment or refund id (Stripe's payment_intent / re_…): one row per id.
    .addColumn("provider", "text")
    .addColumn("provider_ref", "text", (c) => c.unique())
    // The desk's own reference (a cheque number, a transfer's reference).
    .addColumn("reference", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("instalment_id", "integer", (c) => c.references("invoice_instalments.id").onDelete("set null"))
    .addColumn("refund_of", "integer", (c) => c.references("payments.id"))
    .addColumn("credit_note_id", "integer", (c) => c.references("credit_notes.id"))
    .addColumn("recorded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_invoice").on("payments").column("invoice_id").execute();
  await db.schema.createIndex("payments_received").on("payments").columns(["kind", "received_at"]).execute();
  await withId(db, db.schema.createTable("ledger_entries"))
    .addColumn("family_key", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["charge", "discount", "credit_note", "payment", "refund"])))
    .addColumn("amount_minor", "integer", (c) => c.notNull())
    .addColumn("payment_id", "integer", (c) => c.references("payments.id"))
    .addColumn("credit_note_id", "integer", (c) => c.references("credit_notes.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ledger_entries_family").on("ledger_entries").columns(["family_key", "currency"]).execute();
  await db.schema.createIndex("ledger_entries_invoice").on("ledger_entries").column("invoice_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["ledger_entries", "payments", "credit_notes", "invoice_instalments", "invoice_lines", "invoices", "invoice_counters"]) {
    await db.schema.dropTable(table).execute();
  }
}
