import type { Kysely } from "kysely";

/** Old slugs of published posts whose slug was changed, so their old URLs keep working. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blog_slug_redirects")
    .addColumn("old_slug", "text", (c) => c.primaryKey())
    .addColumn("post_id", "integer", (c) => c.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("blog_slug_redirects_post").on("blog_slug_redirects").columns(["post_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_slug_redirects").execute();
}
