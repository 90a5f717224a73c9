import type { DB } from "~server/db/db";
import { languages, localizePath, type Lang } from "~/i18n/lang";
import { listPublishedPostDates } from "~/features/blog/blog.server";
import { escapeXml } from "~/lib/seo/xml";
import { courseSlugs } from "~/features/admin-content/queries.server";
import { settingsChangedAt } from "~/features/site/queries.server";

/**
 * Public pages without parameters that belong in the sitemap. Account pages (/login, /signup) and
 * the steps of a booking or enrolment are left out: they are forms, not content to find.
 */
export const sitemapPages = [
  "/",
  "/courses",
  "/courses/course-filter",
  "/book-trial",
  "/know-more-info",
  "/contact-us",
  "/contact-us-school",
  "/stemlab",
  "/products",
  "/projects",
  "/summer-camp",
  "/blog",
] as const;

interface Entry {
  path: string;
  lastmod: string;
  /** The languages the page exists in (every language when absent). */
  langs?: readonly Lang[];
}

const latest = (...dates: (string | null | undefined)[]): string => dates.reduce<string>((max, date) => (date && date > max ? date : max), "");

/**
 * Every public page, course and published post with its last change. Each static page shows the
 * site settings and the course list (footer), so it changes when they do; the blog list changes
 * with its posts.
 */
export async function sitemapEntries(db: DB): Promise<Entry[]> {
  const [settings, courses, posts] = await Promise.all([settingsChangedAt(db), courseSlugs(db), listPublishedPostDates(db)]);
  const shared = latest(settings, ...courses.map((c) => c.updated_at));
  const postDates = posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: latest(p.updatedAt, p.publishDate), langs: p.langs }));
  return [
    ...sitemapPages.map((path) => ({ path, lastmod: path === "/blog" ? latest(shared, ...postDates.map((p) => p.lastmod)) : shared })),
    ...courses.map((c) => ({ path: `/courses/${c.slug}`, lastmod: latest(c.updated_at, shared) })),
    ...postDates,
  ];
}

/** sitemap.xml: each page in English and Arabic, each naming its twins (hreflang) and x-default. */
export function sitemapXml(publicUrl: string, entries: Entry[]): string {
  const urls = entries.flatMap(({ path, lastmod, langs = languages }) => {
    const alternates = [
      ...langs.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(publicUrl + localizePath(path, lang))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(publicUrl + localizePath(path, langs[0] ?? "en"))}"/>`,
    ].join("");
    return langs.map(
      (lang) =>
        `<url><loc>${escapeXml(publicUrl + localizePath(path, lang))}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}${alternates}</url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
