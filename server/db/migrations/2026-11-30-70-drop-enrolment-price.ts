import type { Kysely } from "kysely";

/**
 * `section_enrolments.price_minor` goes (issue 38, decision 101): what a family pays online is what
 * its invoice still owes, tax included (billing's amountDue), so a second copy of the price on the
 * enrolment could only disagree with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("section_enrolments").dropColumn("price_minor").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("section_enrolments").addColumn("price_minor", "integer").execute();
}
