import { sql, type Kysely } from "kysely";
import { withId, withTimestamps } from "~server/db/portable";

/**
 * Certificates of completion (issue 30 part 5, decision 080): one row per certificate issued to a
 * child's enrolment in a group. The child's name and the course are copied at issue, so the
 * certificate says what it said on paper even when the group or the course changes later. At most
 * one live (not revoked) certificate per enrolment: a partial unique index, so issuing twice (two
 * staff at once, a double click) cannot make two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("certificates"))
      .addColumn("code", "text", (c) => c.notNull().unique())
      .addColumn("enrolment_id", "integer", (c) => c.references("section_enrolments.id").onDelete("set null"))
      .addColumn("section_id", "integer", (c) => c.references("course_sections.id").onDelete("set null"))
      .addColumn("child_name", "text", (c) => c.notNull())
      .addColumn("course_en", "text", (c) => c.notNull())
      .addColumn("course_ar", "text", (c) => c.notNull())
      .addColumn("lang", "text", (c) => c.notNull())
      .addColumn("issued_on", "text", (c) => c.notNull())
      .addColumn("threshold", "integer", (c) => c.notNull())
      .addColumn("rate", "integer", (c) => c.notNull())
      .addColumn("issued_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("revoked_at", "text")
      .addColumn("revoked_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("revoke_reason", "text")
      .addColumn("erased_at", "text"),
  ).execute();
  await db.schema.createIndex("certificates_one_live").on("certificates").column("enrolment_id").unique().where(sql.ref("revoked_at"), "is", null).execute();
  await db.schema.createIndex("certificates_section").on("certificates").column("section_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("certificates").execute();
}
