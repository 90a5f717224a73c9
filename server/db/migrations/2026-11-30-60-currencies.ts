import { sql, type Kysely } from "kysely";
import { addCheck } from "~server/db/portable";

/**
 * Currencies (decision 101).
 *
 * - Courses and camps get their own `currency`, chosen by staff: today's rows keep what the site
 *   charged them in (courses US dollars, the camp Indian rupees).
 * - Every stored currency becomes upper case ISO 4217 (payment_checkouts kept Stripe's lower case;
 *   the provider's lower case now lives only at the provider boundary).
 * - Every currency column gets a CHECK on the codes app/lib/money.ts prices in. The list is frozen
 *   here: a new currency is a new migration widening it (portable.ts replaceCheck).
 */
const CODES = ["INR", "USD", "AED", "SAR", "QAR", "KWD", "BHD", "OMR", "JPY"];
const LIST = CODES.map((code) => `'${code}'`).join(", ");
const TABLES = ["invoices", "credit_notes", "payments", "ledger_entries", "payment_checkouts", "promo_redemptions"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, code] of [
    ["courses", "USD"],
    ["camps", "INR"],
  ] as const) {
    await db.schema
      .alterTable(table)
      .addColumn("currency", "text", (c) =>
        c
          .notNull()
          .defaultTo(code)
          .check(sql.raw(`currency in (${LIST})`)),
      )
      .execute();
  }
  for (const table of [...TABLES, "promo_codes"])
    await sql.raw(`update "${table}" set currency = upper(currency) where currency <> upper(currency)`).execute(db);
  for (const table of TABLES) await addCheck(db, table, `${table}_currency_code`, `currency in (${LIST})`);
  await addCheck(db, "promo_codes", "promo_codes_currency_code", `currency is null or currency in (${LIST})`);
}

/** Drops the offers' currency columns; the upper-case codes and their CHECKs stay (the code before reads them as they are). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["courses", "camps"]) await db.schema.alterTable(table).dropColumn("currency").execute();
}
