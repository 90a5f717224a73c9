import { sql, type Kysely } from "kysely";

/**
 * A code's use given back when an enrolment ended unpaid is marked released, not deleted (issue 38
 * item 4): a payment arriving after the hold ran out takes the same use again while the code has one
 * left, so the enrolment must still say which code it was priced with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("promo_redemptions").addColumn("released_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from promo_redemptions where released_at is not null`.execute(db);
  await db.schema.alterTable("promo_redemptions").dropColumn("released_at").execute();
}
