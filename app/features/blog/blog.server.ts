import type { Selectable } from "kysely";
import type { DB } from "~server/db/db";
import type { BlogPostsTable } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import type { Lang } from "~/i18n/lang";
import type { BlogPost } from "./blog-post";
import { normalizeBlocks } from "./content-blocks";
import { postById, redirectedPostSlug, visiblePosts, withAuthorAr } from "~/features/admin-content/queries.server";

type BlogRow = Selectable<BlogPostsTable> & { author_ar?: string | null };

/**
 * Posts the public may see: published, and their publish date has come. The English blog lists only
 * posts with an English title; the Arabic blog lists every post, marking English text as English,
 * since most of its readers read both while few English readers read Arabic.
 */
const visible = (db: DB, lang?: Lang) => visiblePosts(db, nowIso(), lang);

/**
 * The language a post is shown in: the page's language when the post has a title in it,
 * otherwise the other one (posts may be written in English, Arabic or both).
 */
function postLang(row: Pick<BlogRow, "title_en" | "title_ar">, lang: Lang): Lang {
  const other: Lang = lang === "en" ? "ar" : "en";
  return row[`title_${lang}`].trim() !== "" ? lang : row[`title_${other}`].trim() !== "" ? other : lang;
}

/** The API shape of a stored post, all texts taken from one language version. */
function toBlogPost(row: BlogRow, lang: Lang): BlogPost {
  const l = postLang(row, lang);
  return {
    _id: String(row.id),
    slug: row.slug,
    title: row[`title_${l}`],
    description: row[`description_${l}`],
    imageUrl: row.image_url,
    category: row[`category_${l}`],
    author: l === "ar" && row.author_ar?.trim() ? row.author_ar : row.author,
    publishDate: row.publish_date,
    metaTitle: row[`meta_title_${l}`],
    metaDescription: row[`meta_description_${l}`],
    metaKeywords: row[`meta_keywords_${l}`],
    contentBlocks: normalizeBlocks(row[`content_${l}`]),
    lang: l,
    updatedAt: row.updated_at,
  };
}

export async function countPublishedPosts(db: DB, lang: Lang): Promise<number> {
  const { n } = await visible(db, lang)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Published posts, newest first; a page of them when `page` is given. */
export async function listPublishedPosts(db: DB, lang: Lang, page?: { page: number; limit: number }): Promise<BlogPost[]> {
  let query = withAuthorAr(visible(db, lang)).orderBy("publish_date", "desc").orderBy("id", "desc");
  if (page) query = query.limit(page.limit).offset((page.page - 1) * page.limit);
  return (await query.execute()).map((row) => toBlogPost(row, lang));
}

/** A post by its slug, in `lang` when it has that language (its `lang` says which it is in). */
export async function findPublishedPost(db: DB, slug: string, lang: Lang): Promise<BlogPost | undefined> {
  const row = await withAuthorAr(visible(db)).where("slug", "=", slug).executeTakeFirst();
  return row ? toBlogPost(row, lang) : undefined;
}

/**
 * Any post by id, published or not, for its signed preview link; `live` says whether the public
 * already sees it (published and its date has come).
 */
export async function findPostForPreview(db: DB, id: number, lang: Lang): Promise<{ post: BlogPost; live: boolean; status: string } | undefined> {
  const row = await withAuthorAr(postById(db, id)).executeTakeFirst();
  if (!row) return undefined;
  return { post: toBlogPost(row, lang), live: row.status === "published" && row.publish_date <= nowIso(), status: row.status };
}

/** The sidebar's "More from our Blog": the newest posts other than this one. */
export async function listOtherPosts(db: DB, slug: string, lang: Lang, limit = 3): Promise<BlogPost[]> {
  const rows = await withAuthorAr(visible(db, lang)).where("slug", "<>", slug).orderBy("publish_date", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map((row) => toBlogPost(row, lang));
}

/** Slug, dates and languages (those with a title) of every visible post (sitemap). */
export async function listPublishedPostDates(db: DB): Promise<{ slug: string; publishDate: string; updatedAt: string; langs: Lang[] }[]> {
  const rows = await visible(db).select(["slug", "publish_date", "updated_at", "title_en"]).orderBy("publish_date", "desc").orderBy("id", "desc").execute();
  // Every post is on the Arabic blog; only those with an English title are on the English one.
  return rows.map((row) => ({ slug: row.slug, publishDate: row.publish_date, updatedAt: row.updated_at, langs: row.title_en.trim() ? ["en", "ar"] : ["ar"] }));
}

/**
 * For the public post page: the current slug of the published post that used to live at `slug`,
 * or undefined. The page redirects there so old links keep working.
 */
export async function findRedirectSlug(db: DB, slug: string): Promise<string | undefined> {
  return redirectedPostSlug(db, slug, nowIso());
}
