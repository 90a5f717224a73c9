import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { findRedirectSlug } from "~/features/blog/blog.server";
import { JsonLd } from "~/ui/JsonLd";
import { blogPostingLd } from "~/lib/seo/structured-data";
import { langFromPath, localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/blog-post.route";
import { MoreFromBlog, NeedHelp } from "./BlogSidebar";
import { BlogArticle } from "./BlogArticle";
import { imageUrlsOf } from "./content-blocks";
import { libraryAlts as mediaAlts } from "~/features/media/media.server";
import { ShareLinks } from "./ShareLinks";
import { toCardPost } from "./blog-page";
import { isBlogSlug } from "./blog-post";
import { findPublishedPost, listOtherPosts } from "./blog.server";

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

/** Why a post could not be shown; the error boundary picks its text from it. */
type PostProblem = { reason: "incomplete" | "notFound" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const slug = params.slug.trim();
  if (slug === "") throw data<PostProblem>({ reason: "incomplete" }, { status: 400 });
  const post = isBlogSlug(slug) ? await findPublishedPost(context.db, slug, lang) : undefined;
  // A published post whose slug was changed keeps its old address (admin blog editor).
  const moved = post || !isBlogSlug(slug) ? undefined : await findRedirectSlug(context.db, slug);
  if (moved) throw redirect(localizePath(`/blog/${moved}`, lang), 301);
  if (!post) throw data<PostProblem>({ reason: "notFound" }, { status: 404 });
  // A post written only in Arabic is not on the English blog: its English address leads to it.
  if (post.lang !== lang && lang === "en") throw redirect(localizePath(`/blog/${post.slug}`, post.lang), 302);
  const [others, libraryAlts] = await Promise.all([
    listOtherPosts(context.db, slug, lang, 3),
    // The media library's alt texts, in the post's language, for its images that carry none.
    mediaAlts(context.db, [post.imageUrl, ...imageUrlsOf(post.contentBlocks)], post.lang),
  ]);
  return { post, others: others.map(toCardPost), publicUrl: context.config.publicUrl, libraryAlts };
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, others, publicUrl, libraryAlts } = loaderData;
  const { t } = useTranslation("blog");
  const { t: tc } = useTranslation();
  const lang = useLang();
  const url = publicUrl + localizePath(`/blog/${post.slug}`, lang);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <PageMeta
        title={post.metaTitle || post.title}
        description={post.metaDescription || post.description}
        keywords={post.metaKeywords}
        image={post.imageUrl}
        type="article"
        article={{ publishedTime: post.publishDate, modifiedTime: post.updatedAt, author: post.author, section: post.category }}
      />
      <JsonLd data={blogPostingLd(post, { publicUrl, url, siteName: tc("brand") })} />
      <LocalLink to="/blog" className="inline-flex items-center gap-2 font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true" className="rtl:rotate-180">
          ←
        </span>
        {t("post.back")}
      </LocalLink>
      <div className="mt-6 grid gap-10 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <BlogArticle post={post} libraryAlts={libraryAlts} />
          <ShareLinks url={url} title={post.title} />
        </div>
        <aside className="space-y-6">
          <MoreFromBlog posts={others} />
          <NeedHelp />
        </aside>
      </div>
    </main>
  );
}

/**
 * The 404 page for a missing or unpublished post (status 404), and the specification's texts for
 * an incomplete URL and for any other failure (e.g. the network dropping during a client navigation).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("blog");
  const { t: tc } = useTranslation();
  const reason = isRouteErrorResponse(error) ? (error.data as Partial<PostProblem> | null)?.reason : undefined;
  const message = reason === "notFound" ? t("errors.notFound") : reason === "incomplete" ? t("errors.incomplete") : t("errors.failed");
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      <title>{`404 | ${tc("brand")}`}</title>
      <p className="text-7xl font-extrabold text-indigo-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{tc("notFound.title")}</h1>
      <p role="alert" className="mt-4 text-lg text-slate-700">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LocalLink to="/" className="rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
          {tc("notFound.home")}
        </LocalLink>
        <LocalLink to="/blog" className="rounded-lg border border-indigo-600 px-5 py-3 font-semibold text-indigo-700 hover:bg-indigo-50">
          {t("post.back")}
        </LocalLink>
      </div>
    </main>
  );
}
