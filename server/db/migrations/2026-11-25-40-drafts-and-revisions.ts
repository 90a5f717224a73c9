import type { Kysely } from "kysely";
import { oneOf, withId } from "~server/db/portable";

/**
 * Drafts and revisions of blog posts and courses (issue 16). `record_table` names the record's
 * table ("blog_posts", "courses"); `record_id` 0 is the "new" editor's draft (no record yet).
 *
 * - content_drafts: one per person and record, the editor's values as typed (JSON text), saved
 *   while typing; never read by the public site. Gone with the person's account (foreign key).
 * - content_revisions: a snapshot of the record's editor values after each save, with who saved
 *   it (user_id without a foreign key and the name kept, like the audit log). The newest 50 per
 *   record are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = ["blog_posts", "courses"];
  await withId(db, db.schema.createTable("content_drafts"))
    .addColumn("record_table", "text", (c) => c.notNull().check(oneOf("record_table", tables)))
    .addColumn("record_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("form_values", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("content_drafts_owner", ["record_table", "record_id", "user_id"])
    .execute();
  await db.schema.createIndex("content_drafts_user").on("content_drafts").column("user_id").execute();

  await withId(db, db.schema.createTable("content_revisions"))
    .addColumn("record_table", "text", (c) => c.notNull().check(oneOf("record_table", tables)))
    .addColumn("record_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer")
    .addColumn("user_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("form_values", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_revisions_record").on("content_revisions").columns(["record_table", "record_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_revisions").execute();
  await db.schema.dropTable("content_drafts").execute();
}
