import { sql, type Kysely } from "kysely";

/**
 * Certificates for the summer camp too (issue 30 part 5, decision 089). A certificate is now of a
 * course group's enrolment (`kind` 'section', `enrolment_id`) or of a camp enrolment (`kind` 'camp',
 * `camp_enrollment_id`), never both: the CHECK refuses a row linked to the other kind's enrolment.
 * Either link may be null (erasure with the account, or a deleted enrolment's `on delete set null`),
 * which is why the rule is "not the other kind's link" and not "exactly one set". Added columns on
 * both databases (no table rebuild): SQLite accepts a CHECK and a reference on an added column
 * whose default is null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("certificates")
    .addColumn("camp_enrollment_id", "integer", (c) => c.references("enrollments.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("certificates")
    .addColumn("camp_id", "integer", (c) => c.references("camps.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("certificates")
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .defaultTo("section")
        .check(sql`(kind = 'section' and camp_enrollment_id is null) or (kind = 'camp' and enrolment_id is null and section_id is null)`),
    )
    .execute();
  // One live certificate per camp enrolment, as per group enrolment (certificates_one_live).
  await db.schema
    .createIndex("certificates_one_live_camp")
    .on("certificates")
    .column("camp_enrollment_id")
    .unique()
    .where(sql.ref("revoked_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("certificates_one_live_camp").execute();
  await db
    .deleteFrom("certificates" as never)
    .where(sql.ref("kind"), "=", "camp")
    .execute();
  await db.schema.alterTable("certificates").dropColumn("kind").execute();
  await db.schema.alterTable("certificates").dropColumn("camp_id").execute();
  await db.schema.alterTable("certificates").dropColumn("camp_enrollment_id").execute();
}
