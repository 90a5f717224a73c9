import type { Router } from "express";
import { z } from "zod";
import { defineEndpoint, fileAnswer, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { ogImage } from "./og-image.server";
import { sitemapEntries, sitemapXml } from "./sitemap.server";

/** Short caching: staff edits should reach crawlers within minutes. */
const CRAWLER_CACHE = "public, max-age=300";

/** GET /sitemap.xml: every public page in English and Arabic. */
export const sitemap = defineEndpoint({
  method: "GET",
  path: "/sitemap.xml",
  access: "anyone",
  produces: "xml",
  input: z.object({}),
  run: async ({ deps: { db, config } }) => fileAnswer("xml", sitemapXml(config.publicUrl, await sitemapEntries(db)), { cacheControl: CRAWLER_CACHE }),
});

/** GET /robots.txt: the robots rules, naming the sitemap. */
export const robots = defineEndpoint({
  method: "GET",
  path: "/robots.txt",
  access: "anyone",
  produces: "text",
  input: z.object({}),
  async run({ deps: { config } }) {
    const text = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /ar/admin", "", `Sitemap: ${config.publicUrl}/sitemap.xml`, ""].join("\n");
    return fileAnswer("text", text, { cacheControl: CRAWLER_CACHE });
  },
});

/** GET /og-image.png?src=: the link-preview picture (1200×630) of a site picture path; anything else gives the site's default card. */
export const previewImage = defineEndpoint({
  method: "GET",
  path: "/og-image.png",
  access: "anyone",
  produces: "png",
  input: z.object({ src: z.unknown().optional() }),
  async run({ deps: { config } }, input) {
    const src = typeof input.src === "string" ? input.src : "";
    return fileAnswer("png", await ogImage(src, config.uploadsDir), { cacheControl: "public, max-age=86400" });
  },
});

/**
 * Files for search engines and link previews: sitemap.xml, robots.txt and the raster preview
 * images (og-image.server.ts). The blog serves its own RSS feeds.
 */
export function seoApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [sitemap, robots, previewImage]);
}
