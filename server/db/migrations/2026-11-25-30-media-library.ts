import { sql, type Kysely } from "kysely";
import { withId, withTimestamps } from "~server/db/portable";

/**
 * The media library (issue 16): one row per upload, with its alt text in both languages, so any
 * image field can reuse it. Uploads that content already refers to are added (backfill), with no
 * size (the stored copies are not read here) and no alt text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable("media"))
      // The 24 hex characters every stored copy (width) of the upload shares.
      .addColumn("upload", "text", (c) => c.notNull().unique())
      // The URL of the largest copy: the one image fields keep.
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("width", "integer")
      .addColumn("height", "integer")
      .addColumn("alt_en", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("alt_ar", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("uploaded_by", "integer"),
  ).execute();
  await db.schema.createIndex("media_created_at").on("media").column("created_at").execute();

  // Backfill: every upload URL found in content ({anything}/{24 hex}-{width}.webp), its widest copy.
  const found = new Map<string, { url: string; width: number }>();
  const uploadUrl = /[^\s"'()<>\\]*?([a-f0-9]{24})-(\d+)\.webp/g;
  for (const table of ["courses", "teachers", "testimonials", "camps", "products", "blog_posts", "site_settings"]) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    for (const match of JSON.stringify(rows.rows).matchAll(uploadUrl)) {
      const width = Number(match[2]);
      const known = found.get(match[1]!);
      if (!known || known.width < width) found.set(match[1]!, { url: match[0], width });
    }
  }
  const now = new Date().toISOString();
  for (const [upload, { url }] of found) {
    await sql`insert into media (upload, url, alt_en, alt_ar, created_at, updated_at) values (${upload}, ${url}, '', '', ${now}, ${now})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("media").execute();
}
