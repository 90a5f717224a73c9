import type { Kysely } from "kysely";
import { withId, withTimestamps } from "~server/db/portable";

/**
 * Termly progress reports (issue 44 item 3, decision 138): one row per enrolment (a child in a
 * group), holding what the instructor writes (comment, next step) and, once issued, the report as
 * issued: its version, language and the figures drawn (`content`, JSON), so the PDF and the mail
 * say what was issued even after the marks change. UNIQUE on the enrolment: two issues at once
 * write one row; the version moves only when the content changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("progress_reports"))
      .addColumn("enrolment_id", "integer", (c) => c.notNull().unique().references("section_enrolments.id").onDelete("cascade"))
      .addColumn("section_id", "integer", (c) => c.notNull().references("course_sections.id").onDelete("cascade"))
      .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("next_step", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("notes_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("lang", "text")
      .addColumn("content", "text")
      .addColumn("issued_at", "text")
      .addColumn("issued_by", "integer", (c) => c.references("users.id").onDelete("set null")),
  ).execute();
  await db.schema.createIndex("progress_reports_section").on("progress_reports").column("section_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("progress_reports").execute();
}
