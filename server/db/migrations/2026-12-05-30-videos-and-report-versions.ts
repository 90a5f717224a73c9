import { sql, type Kysely } from "kysely";
import { withId } from "~server/db/portable";

/**
 * Issue 44, decision 144. A portfolio item may be a short video: `portfolio_photos.kind` ('photo'
 * or 'video'), its size and length; a video's `upload` is the 24 hex of its one MP4 and `widths`
 * is empty. The same marks of who is in it (`portfolio_photo_children`) and the same consent rule
 * apply. `progress_report_versions` keeps every issued version of a report (its content, language,
 * when and by whom), so a family opens earlier versions and an earlier link keeps answering; the
 * versions issued before this migration are copied in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("portfolio_photos")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("photo"))
    .execute();
  await db.schema
    .alterTable("portfolio_photos")
    .addColumn("bytes", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("portfolio_photos")
    .addColumn("duration_ms", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db, db.schema.createTable("progress_report_versions"))
    .addColumn("report_id", "integer", (c) => c.notNull().references("progress_reports.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("issued_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("progress_report_versions_one").on("progress_report_versions").columns(["report_id", "version"]).unique().execute();
  await sql`insert into progress_report_versions (report_id, version, lang, content, issued_at, issued_by)
    select r.id, r.version, coalesce(r.lang, e.lang), r.content, r.issued_at, r.issued_by
    from progress_reports r join section_enrolments e on e.id = r.enrolment_id
    where r.version > 0 and r.content is not null and r.issued_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("progress_report_versions").execute();
  for (const column of ["duration_ms", "bytes", "kind"]) await db.schema.alterTable("portfolio_photos").dropColumn(column).execute();
}
