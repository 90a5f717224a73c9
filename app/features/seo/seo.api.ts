import { Router, type RequestHandler } from "express";
import type { ApiDeps } from "../../../server/api-routers";
import { serverT } from "../../../server/i18n";
import type { Lang } from "~/i18n/lang";
import { rssXml } from "./rss.server";
import { sitemapEntries, sitemapXml } from "./sitemap.server";

/** Files for search engines and feed readers: sitemap.xml, robots.txt and the blog's RSS feeds. */
export function seoApi({ db, config }: ApiDeps): Router {
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
  router.get("/blog/rss.xml", feed("en"));
  router.get("/ar/blog/rss.xml", feed("ar"));
  return router;
}
