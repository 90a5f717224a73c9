import { sql, type Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * Discounts (issue 31 part 5, decision 087). `promo_codes`: a staff-made code (stored normalised,
 * upper case) worth an amount in minor units of one currency or a whole percent, valid between two
 * days of the academy's calendar, for courses, the camp or both, with an overall limit whose counter
 * (`uses`) is only ever raised by one conditional UPDATE. `promo_family_uses`: the per-family
 * counter, one row per code and family, raised the same way. `promo_redemptions`: each use, tied to
 * the enrolment it priced (one code per enrolment). Courses and camps get an early-booking price
 * (minor units) and the last day it applies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("promo_codes"))
      .addColumn("code", "text", (c) => c.notNull().unique())
      .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["amount", "percent"])))
      .addColumn("amount_minor", "integer")
      .addColumn("currency", "text")
      .addColumn("percent", "integer")
      .addColumn("applies_to", "text", (c) =>
        c
          .notNull()
          .defaultTo("all")
          .check(oneOf("applies_to", ["all", "courses", "camp"])),
      )
      .addColumn("valid_from", "text")
      .addColumn("valid_until", "text")
      .addColumn("max_uses", "integer", (c) => c.notNull())
      .addColumn("per_family", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      // The counter can never pass the limit, whatever code runs against the table.
      .addCheckConstraint("promo_codes_uses_within_limit", sql`uses >= 0 and uses <= max_uses`)
      .addCheckConstraint(
        "promo_codes_value",
        sql`(kind = 'amount' and amount_minor > 0 and currency is not null and percent is null) or (kind = 'percent' and percent between 1 and 100 and amount_minor is null)`,
      ),
  ).execute();
  await db.schema
    .createTable("promo_family_uses")
    .addColumn("promo_id", "integer", (c) => c.notNull().references("promo_codes.id").onDelete("cascade"))
    .addColumn("family_key", "text", (c) => c.notNull())
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("promo_family_uses_pk", ["promo_id", "family_key"])
    .execute();
  await withId(db, db.schema.createTable("promo_redemptions"))
    .addColumn("promo_id", "integer", (c) => c.notNull().references("promo_codes.id").onDelete("cascade"))
    .addColumn("family_key", "text", (c) => c.notNull())
    .addColumn("offer_kind", "text", (c) => c.notNull().check(oneOf("offer_kind", ["section", "camp"])))
    .addColumn("enrolment_id", "integer", (c) => c.notNull())
    .addColumn("amount_minor", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("promo_redemptions_enrolment", ["offer_kind", "enrolment_id"])
    .execute();
  await db.schema.createIndex("promo_redemptions_promo").on("promo_redemptions").column("promo_id").execute();
  for (const table of ["courses", "camps"]) {
    await db.schema.alterTable(table).addColumn("early_price_minor", "integer").execute();
    await db.schema.alterTable(table).addColumn("early_price_until", "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["courses", "camps"]) {
    await db.schema.alterTable(table).dropColumn("early_price_until").execute();
    await db.schema.alterTable(table).dropColumn("early_price_minor").execute();
  }
  await db.schema.dropTable("promo_redemptions").execute();
  await db.schema.dropTable("promo_family_uses").execute();
  await db.schema.dropTable("promo_codes").execute();
}
