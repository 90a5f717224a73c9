import { sql, type Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/**
 * Levels and skills (issue 44 item 1, decision 130). Staff give a course a ladder of levels, each
 * with observable skills, in English and Arabic. A level may name the group that teaches it now
 * (`section_id`): a child completing the level before it is proposed that group.
 *
 * A child's record is kept by the family's e-mail and the child's key (the enrolments' own identity
 * of a child, decision 059), not by one enrolment: it follows the child from one term's group to the
 * next. `skill_marks` holds one mark per child and skill (UNIQUE); `level_completions` one row per
 * child and level (UNIQUE), which is what makes "one certificate and one proposal" hold when two
 * marks complete a level at once: only the request that inserts the row issues them. A level's
 * certificate is a certificate like any other (kind 'section', the group it was completed in) with
 * `level_completion_id` set; a partial unique index keeps one live certificate per completion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("course_levels"))
      .addColumn("course_id", "integer", (c) => c.notNull().references("courses.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("name_en", "text", (c) => c.notNull())
      .addColumn("name_ar", "text", (c) => c.notNull())
      .addColumn("section_id", "integer", (c) => c.references("course_sections.id").onDelete("set null")),
  ).execute();
  await db.schema.createIndex("course_levels_course").on("course_levels").columns(["course_id", "position"]).execute();
  await withTimestamps(
    withId(db, db.schema.createTable("level_skills"))
      .addColumn("level_id", "integer", (c) => c.notNull().references("course_levels.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("name_en", "text", (c) => c.notNull())
      .addColumn("name_ar", "text", (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("level_skills_level").on("level_skills").columns(["level_id", "position"]).execute();
  await withTimestamps(
    withId(db, db.schema.createTable("skill_marks"))
      .addColumn("skill_id", "integer", (c) => c.notNull().references("level_skills.id").onDelete("cascade"))
      .addColumn("family_email", "text", (c) => c.notNull())
      .addColumn("child_key", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", ["not_started", "working", "achieved"])))
      .addColumn("enrolment_id", "integer", (c) => c.references("section_enrolments.id").onDelete("set null"))
      .addColumn("marked_by", "integer", (c) => c.references("users.id").onDelete("set null")),
  ).execute();
  await db.schema.createIndex("skill_marks_child").on("skill_marks").columns(["skill_id", "family_email", "child_key"]).unique().execute();
  await db.schema.createIndex("skill_marks_family").on("skill_marks").columns(["family_email", "child_key"]).execute();
  await withId(db, db.schema.createTable("level_completions"))
    .addColumn("level_id", "integer", (c) => c.notNull().references("course_levels.id").onDelete("cascade"))
    .addColumn("family_email", "text", (c) => c.notNull())
    .addColumn("child_key", "text", (c) => c.notNull())
    .addColumn("child_name", "text", (c) => c.notNull())
    .addColumn("enrolment_id", "integer", (c) => c.references("section_enrolments.id").onDelete("set null"))
    .addColumn("proposed_section_id", "integer", (c) => c.references("course_sections.id").onDelete("set null"))
    .addColumn("completed_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("level_completions_child").on("level_completions").columns(["level_id", "family_email", "child_key"]).unique().execute();
  await db.schema
    .alterTable("certificates")
    .addColumn("level_completion_id", "integer", (c) => c.references("level_completions.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("certificates_one_live_level")
    .on("certificates")
    .column("level_completion_id")
    .unique()
    .where(sql.ref("revoked_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("certificates_one_live_level").execute();
  await db
    .deleteFrom("certificates" as never)
    .where(sql.ref("level_completion_id"), "is not", null)
    .execute();
  await db.schema.alterTable("certificates").dropColumn("level_completion_id").execute();
  for (const table of ["level_completions", "skill_marks", "level_skills", "course_levels"]) await db.schema.dropTable(table).execute();
}
