import type { DB } from "~server/db/db";
import { type Lang, localizePath } from "~/i18n/lang";
import { listPublishedPosts } from "./blog.server";
import { absoluteUrl } from "~/lib/safe-url";
import { escapeXml } from "~/lib/seo/xml";

const imageTypes: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

/** The media type of an image URL by its extension (an enclosure must name one). */
const imageType = (url: string): string | undefined => imageTypes[/\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? ""];

/** Posts in a feed. */
const FEED_SIZE = 20;

/** RSS 2.0 of the newest published posts, in one language (posts fall back to their other one). */
export async function rssXml(db: DB, lang: Lang, publicUrl: string, texts: { title: string; description: string }): Promise<string> {
  const posts = await listPublishedPosts(db, lang, { page: 1, limit: FEED_SIZE });
  const self = publicUrl + localizePath("/blog/rss.xml", lang);
  const items = posts.map((post) => {
    const link = publicUrl + localizePath(`/blog/${post.slug}`, lang);
    const image = absoluteUrl(publicUrl, post.imageUrl);
    return [
      "<item>",
      `<title>${escapeXml(post.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<description>${escapeXml(post.description)}</description>`,
      `<pubDate>${new Date(post.publishDate).toUTCString()}</pubDate>`,
      post.category ? `<category>${escapeXml(post.category)}</category>` : "",
      post.author ? `<dc:creator>${escapeXml(post.author)}</dc:creator>` : "",
      image && imageType(image) ? `<enclosure url="${escapeXml(image)}" length="0" type="${imageType(image)}"/>` : "",
      "</item>",
    ].join("");
  });
  const newest = posts[0]?.publishDate;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    `<title>${escapeXml(texts.title)}</title>`,
    `<link>${escapeXml(publicUrl + localizePath("/blog", lang))}</link>`,
    `<description>${escapeXml(texts.description)}</description>`,
    `<language>${lang}</language>`,
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : "",
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
