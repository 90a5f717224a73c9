import { Router, type RequestHandler } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseInput } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { BLOG_PAGE_SIZE, isBlogSlug } from "./blog-post";
import { blogListQuerySchema } from "./blog.schema";
import { countPublishedPosts, findPublishedPost, listPublishedPosts } from "./blog.server";
import { rssXml } from "./rss.server";

export function blogApi({ db, config }: EndpointDeps): Router {
  const router = Router();

  // The RSS feeds, cached briefly: staff edits should reach feed readers within minutes.
  const feed = (lang: Lang): RequestHandler => async (_req, res) => {
    const texts = { title: serverT(lang, "seo", "feed.title"), description: serverT(lang, "seo", "feed.description") };
    res.type("application/rss+xml; charset=utf-8").set("Cache-Control", "public, max-age=300").send(await rssXml(db, lang, config.publicUrl, texts));
  };
  router.get("/blog/rss.xml", feed("en"));
  router.get("/ar/blog/rss.xml", feed("ar"));

  // A plain array (specification section 7); with ?page or ?limit one page of it, and the
  // number of all published posts in X-Total-Count so a client can paginate.
  router.get("/api/blogs", async (req, res) => {
    const query = parseInput(blogListQuerySchema, req.query, req);
    const lang = requestLang(req);
    const paged = query.page !== undefined || query.limit !== undefined;
    const [posts, total] = await Promise.all([
      listPublishedPosts(db, lang, paged ? { page: query.page ?? 1, limit: query.limit ?? BLOG_PAGE_SIZE } : undefined),
      countPublishedPosts(db, lang),
    ]);
    res.set("X-Total-Count", String(total)).json(posts);
  });

  router.get("/api/blogs/:slug", async (req, res) => {
    const lang = requestLang(req);
    const slug = req.params.slug.trim();
    if (slug === "") throw new HttpError(400, serverT(lang, "blog", "errors.incomplete"));
    const post = isBlogSlug(slug) ? await findPublishedPost(db, slug, lang) : undefined;
    if (!post) throw new HttpError(404, serverT(lang, "blog", "errors.notFound"));
    res.json(post);
  });
  return router;
}
