import { Router } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { ogImage } from "./og-image.server";
import { sitemapEntries, sitemapXml } from "./sitemap.server";

/**
 * Files for search engines and link previews: sitemap.xml, robots.txt and the raster preview
 * images (og-image.server.ts). The blog serves its own RSS feeds.
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

  // ?src= a site picture path; anything else gives the site's default card.
  router.get("/og-image.png", async (req, res) => {
    const src = typeof req.query.src === "string" ? req.query.src : "";
    res.type("image/png").set("Cache-Control", "public, max-age=86400").send(await ogImage(src, config.uploadsDir));
  });
  return router;
}
