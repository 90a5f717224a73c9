import type { Kysely } from "kysely";
import { oneOf, withId, withTimestamps } from "~server/db/portable";

/** The staff-editable content that the public site shows (seeded at start). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("courses"))
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("name_en", "text", (c) => c.notNull())
      .addColumn("name_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("description_en", "text", (c) => c.notNull())
      .addColumn("description_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("content_en", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("content_ar", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("faqs", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("sessions", "integer", (c) => c.notNull())
      .addColumn("price", "integer", (c) => c.notNull())
      .addColumn("discounted", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("original_price", "integer")
      .addColumn("min_age", "integer", (c) => c.notNull())
      .addColumn("max_age", "integer", (c) => c.notNull())
      .addColumn("instructor", "text", (c) => c.notNull())
      .addColumn("rating", "integer")
      .addColumn("image", "text", (c) => c.notNull())
      .addColumn("meta_title", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("meta_description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("meta_keywords", "text", (c) => c.notNull().defaultTo("")),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable("teachers"))
      .addColumn("name_en", "text", (c) => c.notNull())
      .addColumn("name_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("profile_en", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("profile_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("experience_en", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("experience_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("subjects", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("photo", "text", (c) => c.notNull().defaultTo("")),
  ).execute();

  await withId(db, db.schema.createTable("testimonials"))
    .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["child", "parent"])))
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("name_ar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("age", "integer")
    .addColumn("course_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("course_ar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("review_en", "text", (c) => c.notNull())
    .addColumn("review_ar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable("camps"))
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("title_en", "text", (c) => c.notNull())
      .addColumn("title_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("grades_en", "text", (c) => c.notNull())
      .addColumn("grades_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("duration_en", "text", (c) => c.notNull())
      .addColumn("duration_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("price", "integer", (c) => c.notNull())
      .addColumn("old_price", "integer", (c) => c.notNull())
      .addColumn("discount", "integer", (c) => c.notNull())
      .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("batches", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("curriculum", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0)),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable("products"))
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("name_en", "text", (c) => c.notNull())
      .addColumn("name_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("description_en", "text", (c) => c.notNull())
      .addColumn("description_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("price", "integer", (c) => c.notNull())
      .addColumn("image", "text", (c) => c.notNull())
      .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0)),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable("blog_posts"))
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", ["draft", "published"])))
      .addColumn("title_en", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("title_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("description_en", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("description_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("category_en", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("category_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("content_en", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("content_ar", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("meta_title_en", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("meta_title_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("meta_description_en", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("meta_description_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("meta_keywords_en", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("meta_keywords_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("image_url", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("author", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("publish_date", "text", (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("blog_posts_published").on("blog_posts").columns(["status", "publish_date"]).execute();

  await db.schema
    .createTable("site_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["site_settings", "blog_posts", "products", "camps", "testimonials", "teachers", "courses"]) {
    await db.schema.dropTable(table).execute();
  }
}
