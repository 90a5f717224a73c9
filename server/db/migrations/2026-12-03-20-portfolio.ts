import type { Kysely } from "kysely";
import { withId, withTimestamps } from "~server/db/portable";

/**
 * Portfolios (issue 44 item 2, decision 135). A project belongs to the child as the levels record
 * does (decision 130): the family's e-mail (lower-cased) and the child's key, not one enrolment.
 * `portfolio_photos` names one upload (the 24 hex characters its stored copies share, decision 034's
 * pipeline, kept in the private portfolio storage, never under /uploads/); `portfolio_photo_children`
 * says who is in each photo, which with the media consent decides who may see it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("portfolio_projects"))
      .addColumn("family_email", "text", (c) => c.notNull())
      .addColumn("child_key", "text", (c) => c.notNull())
      .addColumn("child_name", "text", (c) => c.notNull())
      .addColumn("enrolment_id", "integer", (c) => c.references("section_enrolments.id").onDelete("set null"))
      .addColumn("section_id", "integer", (c) => c.references("course_sections.id").onDelete("set null"))
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull())
      .addColumn("link", "text", (c) => c.notNull())
      .addColumn("public", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("by_family", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("added_by", "integer", (c) => c.references("users.id").onDelete("set null")),
  ).execute();
  await db.schema.createIndex("portfolio_projects_child").on("portfolio_projects").columns(["family_email", "child_key"]).execute();
  await db.schema.createIndex("portfolio_projects_section").on("portfolio_projects").column("section_id").execute();
  await db.schema.createIndex("portfolio_projects_public").on("portfolio_projects").column("public").execute();
  await withId(db, db.schema.createTable("portfolio_photos"))
    .addColumn("project_id", "integer", (c) => c.notNull().references("portfolio_projects.id").onDelete("cascade"))
    .addColumn("upload", "text", (c) => c.notNull().unique())
    .addColumn("widths", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("portfolio_photos_project").on("portfolio_photos").column("project_id").execute();
  await withId(db, db.schema.createTable("portfolio_photo_children"))
    .addColumn("photo_id", "integer", (c) => c.notNull().references("portfolio_photos.id").onDelete("cascade"))
    .addColumn("family_email", "text", (c) => c.notNull())
    .addColumn("child_key", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("portfolio_photo_children_one")
    .on("portfolio_photo_children")
    .columns(["photo_id", "family_email", "child_key"])
    .unique()
    .execute();
  await db.schema.createIndex("portfolio_photo_children_child").on("portfolio_photo_children").columns(["family_email", "child_key"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["portfolio_photo_children", "portfolio_photos", "portfolio_projects"]) await db.schema.dropTable(table).execute();
}
