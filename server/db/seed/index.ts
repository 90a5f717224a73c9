import { seedFeatures, siteSettingsSchema } from "~server/features";
import type { DB } from "~server/db/db";
import type { ContentTables } from "~server/db/schema";
import { nowIso, toDbJson } from "~server/db/values";
import { blogPosts } from "./blog-posts";
import { camps } from "./camps";
import { courses } from "./courses";
import { products } from "./products";
import { settings } from "./settings";
import { teachers } from "./teachers";
import { testimonials } from "./testimonials";

async function isEmpty(db: DB, table: Exclude<keyof ContentTables, "site_settings">): Promise<boolean> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n) === 0;
}

/** Inserts the starter content: each table only while empty, each settings key only while missing; then the features' seeds (demo slots). */
export async function seed(db: DB): Promise<void> {
  const siteSettings = siteSettingsSchema.parse(settings);
  const now = nowIso();
  const stamp = <T extends object>(rows: T[]) => rows.map((row) => ({ ...row, created_at: now, updated_at: now }));

  await db.transaction().execute(async (trx) => {
    if (await isEmpty(trx, "courses")) await trx.insertInto("courses").values(stamp(courses)).execute();
    if (await isEmpty(trx, "teachers")) await trx.insertInto("teachers").values(stamp(teachers)).execute();
    if (await isEmpty(trx, "testimonials")) await trx.insertInto("testimonials").values(testimonials).execute();
    if (await isEmpty(trx, "camps")) await trx.insertInto("camps").values(stamp(camps)).execute();
    if (await isEmpty(trx, "products")) await trx.insertInto("products").values(stamp(products)).execute();
    if (await isEmpty(trx, "blog_posts")) await trx.insertInto("blog_posts").values(stamp(blogPosts)).execute();

    const existing = new Set((await trx.selectFrom("site_settings").select("key").execute()).map((r) => r.key));
    const missing = Object.entries(siteSettings)
      .filter(([key]) => !existing.has(key))
      .map(([key, value]) => ({ key, value: toDbJson(value), updated_at: now }));
    if (missing.length > 0) await trx.insertInto("site_settings").values(missing).execute();
  });
  await seedFeatures(db);
}
