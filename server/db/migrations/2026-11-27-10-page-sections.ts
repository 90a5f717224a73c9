import type { Kysely } from "kysely";
import { withId } from "~server/db/portable";

/**
 * Staff-editable texts of the public pages (issue 28, decision 058).
 *
 * - page_sections: one row per page and section (`home`/`hero`), its texts as two JSON objects
 *   of field → text, English and Arabic. The fields a section has are declared in code
 *   (app/features/site/page-sections.ts); the seed inserts each missing section from today's texts.
 * - testimonials gain created_at/updated_at, as every staff-edited collection has them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("page_sections"))
    .addColumn("page", "text", (c) => c.notNull())
    .addColumn("section", "text", (c) => c.notNull())
    .addColumn("texts_en", "text", (c) => c.notNull())
    .addColumn("texts_ar", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("page_sections_key", ["page", "section"])
    .execute();
  await db.schema
    .alterTable("testimonials")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("testimonials")
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("testimonials").dropColumn("updated_at").execute();
  await db.schema.alterTable("testimonials").dropColumn("created_at").execute();
  await db.schema.dropTable("page_sections").execute();
}
