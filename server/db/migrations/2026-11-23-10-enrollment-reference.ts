import type { Kysely } from "kysely";

/**
 * An unguessable reference per camp enrollment, for the confirmation page (/enroll/confirmed?ref=)
 * and the parent's e-mail. Enrollments from before have none (NULL; a unique index allows many).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("enrollments").addColumn("reference", "text").execute();
  await db.schema.createIndex("enrollments_reference").on("enrollments").column("reference").unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("enrollments_reference").execute();
  await db.schema.alterTable("enrollments").dropColumn("reference").execute();
}
