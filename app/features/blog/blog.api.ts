import type { Router } from "express";
import { z } from "zod";
import { defineEndpoint, fileAnswer, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { localizePath, type Lang } from "~/i18n/lang";
import { BLOG_PAGE_SIZE, isBlogSlug } from "./blog-post";
import { blogListQuerySchema } from "./blog.schema";
import { countPublishedPosts, findPublishedPost, listPublishedPosts } from "./blog.server";
import { rssXml } from "./rss.server";

/** GET /blog/rss.xml (and /ar/...): the 20 newest posts, cached briefly: staff edits reach feed readers within minutes. */
const rssFeed = (lang: Lang) =>
  defineEndpoint({
    method: "GET",
    path: localizePath("/blog/rss.xml", lang),
    access: "anyone",
    produces: "rss",
    input: z.object({}),
    async run({ deps: { db, config } }) {
      const texts = { title: serverT(lang, "seo", "feed.title"), description: serverT(lang, "seo", "feed.description") };
      return fileAnswer("rss", await rssXml(db, lang, config.publicUrl, texts), { cacheControl: "public, max-age=300" });
    },
  });

/**
 * GET /api/blogs: a plain array (specification section 7); with ?page or ?limit one page of it,
 * and the number of all published posts in X-Total-Count so a client can paginate. No
 * Cache-Control of its own: a public read, kept by the page cache.
 */
export const listPublishedBlogs = defineEndpoint({
  method: "GET",
  path: "/api/blogs",
  access: "anyone",
  produces: "json-array",
  input: blogListQuerySchema,
  async run({ deps: { db }, caller: { lang } }, query) {
    const paged = query.page !== undefined || query.limit !== undefined;
    const [posts, total] = await Promise.all([
      listPublishedPosts(db, lang, paged ? { page: query.page ?? 1, limit: query.limit ?? BLOG_PAGE_SIZE } : undefined),
      countPublishedPosts(db, lang),
    ]);
    return fileAnswer("json-array", JSON.stringify(posts), { cacheControl: null, headers: { "X-Total-Count": String(total) } });
  },
});

/** GET /api/blogs/{slug}: one published post; a blank slug is 400, an unknown one 404. */
export const readPublishedBlog = defineEndpoint({
  method: "GET",
  path: "/api/blogs/:slug",
  access: "anyone",
  params: z.object({ slug: z.string() }),
  input: z.object({}),
  async run({ deps: { db }, caller: { lang }, params }) {
    const slug = params.slug.trim();
    if (slug === "") throw new HttpError(400, serverT(lang, "blog", "errors.incomplete"));
    const post = isBlogSlug(slug) ? await findPublishedPost(db, slug, lang) : undefined;
    if (!post) throw new HttpError(404, serverT(lang, "blog", "errors.notFound"));
    return { status: 200, body: { ...post } };
  },
});

export function blogApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [rssFeed("en"), rssFeed("ar"), listPublishedBlogs, readPublishedBlog]);
}
