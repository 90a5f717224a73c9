import { sql, type Selectable } from "kysely";
import { inTransaction, type DB } from "~server/db/db";
import type { BlogPostsTable } from "~server/db/schema";
import { nowIso, toDbJson } from "~server/db/values";
import { diffFields, recordAudit } from "~server/audit/audit";
import { normalizeBlocks } from "~/features/blog/content-blocks";
import { defineList } from "~/features/admin-kit/list/list-query.server";
import { blogPostSchema, type BlogPostInput, type BlogPostValues } from "./blog-admin.schema";
import type { ContentBlockInput } from "./content-blocks.schema";
import { defineCollection, TakenError } from "./collection.server";
import { claimingUnique, deleteAudited } from "./record-store.server";
import { afterContentSave } from "./revisions.server";

const blogListSpec = defineList({
  search: ["title_en", "title_ar", "slug", "author", "category_en", "category_ar"],
  sorts: { publishDate: "publish_date", title: "title_en", status: "status", author: "author", updated: "updated_at" },
  defaultSort: "publishDate",
  filters: {
    status: {
      values: ["draft", "published", "scheduled"],
      // "Published" means out on the site; a published post dated later is "scheduled" until then.
      conditions: {
        published: () => sql<boolean>`status = 'published' and publish_date <= ${nowIso()}`,
        scheduled: () => sql<boolean>`status = 'published' and publish_date > ${nowIso()}`,
      },
    },
  },
});

/** The columns of the admin blog list (and its CSV). */
const blogListBase = (db: DB) =>
  db.selectFrom("blog_posts").select(["id", "slug", "status", "title_en", "title_ar", "category_en", "category_ar", "author", "publish_date", "updated_at"]);

/** A stored post as the editor's form values. */
function blogFormValues(row: Selectable<BlogPostsTable>): BlogPostInput {
  return {
    slug: row.slug,
    status: row.status,
    author: row.author,
    publishDate: row.publish_date.slice(0, 10),
    imageUrl: row.image_url,
    titleEn: row.title_en,
    titleAr: row.title_ar,
    descriptionEn: row.description_en,
    descriptionAr: row.description_ar,
    categoryEn: row.category_en,
    categoryAr: row.category_ar,
    metaTitleEn: row.meta_title_en,
    metaTitleAr: row.meta_title_ar,
    metaDescriptionEn: row.meta_description_en,
    metaDescriptionAr: row.meta_description_ar,
    metaKeywordsEn: row.meta_keywords_en,
    metaKeywordsAr: row.meta_keywords_ar,
    contentEn: normalizeBlocks(row.content_en) as ContentBlockInput[],
    contentAr: normalizeBlocks(row.content_ar) as ContentBlockInput[],
  };
}

export async function getBlogPostForm(db: DB, id: number): Promise<(BlogPostInput & { id: number }) | undefined> {
  const row = await db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { id: row.id, ...blogFormValues(row) } : undefined;
}

/** A post's editor values as stored (what a revision keeps). */
export async function blogPostValues(db: DB, id: number): Promise<BlogPostInput | undefined> {
  const row = await db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
  return row && blogFormValues(row);
}

/** The post's new state becomes a revision; the saver's draft goes. */
const keepRevision = async (trx: DB, id: number, userId: number, created: boolean) =>
  afterContentSave(trx, { table: "blog_posts", recordId: id, userId, values: (await blogPostValues(trx, id)) ?? {}, created });

function columns(input: BlogPostValues) {
  return {
    slug: input.slug,
    status: input.status,
    author: input.author,
    image_url: input.imageUrl,
    title_en: input.titleEn,
    title_ar: input.titleAr,
    description_en: input.descriptionEn,
    description_ar: input.descriptionAr,
    category_en: input.categoryEn,
    category_ar: input.categoryAr,
    meta_title_en: input.metaTitleEn,
    meta_title_ar: input.metaTitleAr,
    meta_description_en: input.metaDescriptionEn,
    meta_description_ar: input.metaDescriptionAr,
    meta_keywords_en: input.metaKeywordsEn,
    meta_keywords_ar: input.metaKeywordsAr,
    content_en: toDbJson(input.contentEn),
    content_ar: toDbJson(input.contentAr),
  };
}

const startOfDay = (date: string) => `${date}T00:00:00.000Z`;

async function slugTaken(db: DB, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom("blog_posts").select("id").where("slug", "=", slug);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Creates a post. Throws TakenError("slug") when another post has the slug. */
async function createBlogPost(db: DB, input: BlogPostValues, userId: number): Promise<{ id: number; slug: string }> {
  if (await slugTaken(db, input.slug)) throw new TakenError("slug");
  const now = nowIso();
  return claimingUnique("slug", () =>
    inTransaction(db, async (trx) => {
      const { id } = await trx
        .insertInto("blog_posts")
        .values({ ...columns(input), publish_date: startOfDay(input.publishDate), created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      // The slug now names a live post: an old redirect of that name would hide it.
      await trx.deleteFrom("blog_slug_redirects").where("old_slug", "=", input.slug).execute();
      await recordAudit(trx, { userId, action: "create", entity: "blog_post", entityId: id, name: input.titleEn || input.titleAr });
      await keepRevision(trx, id, userId, true);
      return { id, slug: input.slug };
    }),
  );
}

/**
 * Saves a post; undefined when there is no such post. When a published post's slug changes,
 * its old slug is kept as a redirect to the post.
 */
async function updateBlogPost(db: DB, id: number, input: BlogPostValues, userId: number): Promise<{ id: number; slug: string } | undefined> {
  const old = await db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!old) return undefined;
  if (await slugTaken(db, input.slug, id)) throw new TakenError("slug");
  const now = nowIso();
  return claimingUnique("slug", () =>
    inTransaction(db, async (trx) => {
      const values = {
        ...columns(input),
        // A date-only editor must not move the stored time of an unchanged date.
        publish_date: old.publish_date.slice(0, 10) === input.publishDate ? old.publish_date : startOfDay(input.publishDate),
      };
      await trx
        .updateTable("blog_posts")
        .set({ ...values, updated_at: now })
        .where("id", "=", id)
        .execute();
      await trx.deleteFrom("blog_slug_redirects").where("old_slug", "=", input.slug).execute();
      if (old.slug !== input.slug && old.status === "published") {
        await trx
          .insertInto("blog_slug_redirects")
          .values({ old_slug: old.slug, post_id: id, created_at: now })
          .onConflict((oc) => oc.column("old_slug").doUpdateSet({ post_id: id, created_at: now }))
          .execute();
      }
      await recordAudit(trx, {
        userId,
        action: "update",
        entity: "blog_post",
        entityId: id,
        name: input.titleEn || input.titleAr,
        changes: diffFields(old, values),
      });
      await keepRevision(trx, id, userId, false);
      return { id, slug: input.slug };
    }),
  );
}

/** Deletes a post (and its redirects); false when there was none. */
const deleteBlogPost = (db: DB, id: number, userId: number) =>
  deleteAudited(db, {
    table: "blog_posts",
    entity: "blog_post",
    id,
    userId,
    label: ["title_en", "title_ar", "slug"],
    before: (trx) => trx.deleteFrom("blog_slug_redirects").where("post_id", "=", id).execute(),
  });

/** Blog posts: a changed slug of a published post stays as a redirect (in updateBlogPost). */
export const blogCollection = defineCollection({
  name: "blogs",
  schema: blogPostSchema,
  list: {
    base: blogListBase,
    spec: blogListSpec,
    filename: "blog-posts",
    columns: [
      { header: "id", value: (r) => r.id },
      { header: "title", value: (r) => r.title_en || r.title_ar },
      { header: "slug", value: (r) => r.slug },
      { header: "status", value: (r) => r.status },
      { header: "category", value: (r) => r.category_en },
      { header: "author", value: (r) => r.author },
      { header: "publish_date", value: (r) => r.publish_date },
      { header: "updated_at", value: (r) => r.updated_at, instant: true },
    ],
  },
  read: async (db, id) => {
    const post = await getBlogPostForm(db, id);
    return post && { post };
  },
  create: { save: createBlogPost },
  update: updateBlogPost,
  remove: deleteBlogPost,
});
