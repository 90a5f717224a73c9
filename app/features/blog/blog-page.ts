import type { Lang } from "~/i18n/lang";
import { BLOG_PAGE_SIZE, postsFromBody, type BlogPost } from "./blog-post";

/** What a blog list card needs (the list page does not ship whole posts). */
export type BlogCardPost = Pick<BlogPost, "_id" | "slug" | "title" | "description" | "imageUrl" | "category" | "author" | "publishDate" | "lang">;

/** One page of the blog list and the number of all published posts. */
export interface BlogPage {
  posts: BlogCardPost[];
  total: number;
}

export const toCardPost = ({ _id, slug, title, description, imageUrl, category, author, publishDate, lang }: BlogCardPost): BlogCardPost => ({
  _id,
  slug,
  title,
  description,
  imageUrl,
  category,
  author,
  publishDate,
  lang,
});

/** Fetches a page of the list from GET /api/blogs in the browser; rejects when that fails. */
export async function fetchBlogPage(lang: Lang, page: number): Promise<BlogPage> {
  const response = await fetch(`/api/blogs?page=${page}&limit=${BLOG_PAGE_SIZE}&lang=${lang}`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`GET /api/blogs answered ${response.status}`);
  const posts = postsFromBody(await response.json()).map(toCardPost);
  const total = Number(response.headers.get("X-Total-Count"));
  return { posts, total: Number.isInteger(total) && total >= 0 ? total : posts.length };
}
