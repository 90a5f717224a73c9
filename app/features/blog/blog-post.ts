import type { Lang } from "~/i18n/lang";
import type { ContentBlock } from "./content-blocks";

/**
 * A published post as the API and the pages see it: the fields of specification section 3, plus
 * `lang` (the language its texts are in; a post may exist in one language only) and `updatedAt`.
 */
export interface BlogPost {
  _id: string;
  slug: string;
  title: string;
  description: string;
  imageUrl: string;
  category: string;
  author: string;
  publishDate: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  contentBlocks: ContentBlock[];
  lang: Lang;
  updatedAt: string;
}

/** Posts per page of the blog list. */
export const BLOG_PAGE_SIZE = 9;

/** Slugs are lower-case words joined by hyphens. */
export const isBlogSlug = (value: string): boolean => value.length <= 200 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);

/** A page number from ?page= (1 when absent or not a positive whole number). */
export function pageFrom(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/**
 * The list out of a GET /api/blogs body: accepted as a plain array, a `data` array or a `blogs`
 * array; anything else counts as empty (specification section 7).
 */
export function postsFromBody(body: unknown): BlogPost[] {
  if (Array.isArray(body)) return body as BlogPost[];
  if (body && typeof body === "object") {
    const { data, blogs } = body as { data?: unknown; blogs?: unknown };
    if (Array.isArray(data)) return data as BlogPost[];
    if (Array.isArray(blogs)) return blogs as BlogPost[];
  }
  return [];
}
