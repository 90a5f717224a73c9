import { Router, type RequestHandler } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { ogImage } from "./og-image.server";
import { rssXml } from "./rss.server";
import { sitemapEntries, sitemapXml } from "./sitemap.server";

/**
 * Files for search engines, feed readers and link previews: sitemap.xml, robots.txt, the blog's
 * RSS feeds and the raster preview images (og-image.server.ts).
 */
export function seoApi({ db, config }: EndpointDeps): Router {
  const router = Router();
  const { publicUrl } = config;
  // Short caching: staff edits should reach crawlers within minutes.
  const cache = "public, max-age=300";

  router.get("/sitemap.xml", async (_req, res) => {
    const xml = sitemapXml(publicUrl, await sitemapEntries(db));
    res.type("application/xml; charset=utf-8").set("Cache-Control", cache).send(xml);
  });

  router.get("/robots.txt", (_req, res) => {
    const text = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /ar/admin", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
    res.type("text/plain; charset=utf-8").set("Cache-Control", cache).send(text);
  });

  const feed = (lang: Lang): RequestHandler => async (_req, res) => {
    const texts = { title: serverT(lang, "seo", "feed.title"), description: serverT(lang, "seo", "feed.description") };
    res.type("application/rss+xml; charset=utf-8").set("Cache-Control", cache).send(await rssXml(db, lang, publicUrl, texts));
  };
  // ?src= a site picture path; anything else gives the site's default card.
  router.get("/og-image.png", async (req, res) => {
    const src = typeof req.query.src === "string" ? req.query.src : "";
    res.type("image/png").set("Cache-Control", "public, max-age=86400").send(await ogImage(src, config.uploadsDir));
  });

  router.get("/blog/rss.xml", feed("en"));
  router.get("/ar/blog/rss.xml", feed("ar"));
  return router;
}
