import type { Kysely } from "kysely";

/**
 * The fee of a course group enrolment as priced when it was made (issue 31; minor units, after the
 * early-booking price, the sibling discount and a promo code): what an online payment charges.
 * Null for enrolments made before prices were kept (the course's price then applies).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("section_enrolments").addColumn("price_minor", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("section_enrolments").dropColumn("price_minor").execute();
}
