import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Await } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { useRootData } from "~/root";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { SwapRegion } from "~/ui/SwapRegion";
import type { Route } from "./+types/blog-list.route";
import { BlogCard } from "./BlogCard";
import { fetchBlogPage, toCardPost, type BlogPage } from "./blog-page";
import { BLOG_PAGE_SIZE, pageFrom } from "./blog-post";
import { countPublishedPosts, listPublishedPosts } from "./blog.server";

// The first view is server-rendered; later page changes in the browser fetch GET /api/blogs
// (clientLoader), so the list has real loading and error states there.
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const page = pageFrom(url.searchParams.get("page"));
  const [posts, total] = await Promise.all([listPublishedPosts(context.db, lang, { page, limit: BLOG_PAGE_SIZE }), countPublishedPosts(context.db, lang)]);
  const list: BlogPage | Promise<BlogPage> = {
    posts: posts.map(toCardPost),
    total,
  };
  return { page, list };
}

// No React for visitors who are not signed in: the page links swap the list in place (app/enhance/swap.ts,
// decision 055), with the same loading and failure texts; without script they are page loads.
export const handle = { hydrate: false };

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const page = pageFrom(url.searchParams.get("page"));
  const list: BlogPage | Promise<BlogPage> = fetchBlogPage(langFromPath(url.pathname), page);
  // <Await> shows the failure; this only keeps an abandoned request from being reported as unhandled.
  list.catch(() => undefined);
  return { page, list };
}

function Heading() {
  const { t } = useTranslation("blog");
  const lang = useLang();
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={t("seo:feed.link")} href={localizePath("/blog/rss.xml", lang)} />
      <h1 className="text-4xl font-extrabold text-slate-900">{t("list.title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t("list.intro")}</p>
    </>
  );
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const { page, list } = loaderData;
  const timeZone = useRootData()?.settings.timeZone;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-12">
      <PageMeta title={page > 1 ? t("meta.listPageTitle", { page }) : t("meta.listTitle")} description={t("meta.listDescription")} />
      <Heading />
      {/* Server-rendered data is shown at once (no loading text to swap out, so no layout shift);
          a page change in the browser gets a new boundary that shows the loading text meanwhile. */}
      {!(list instanceof Promise) ? (
        <SwapRegion id="blog-list" loading={<ListLoading />} failed={<ListFailed />}>
          <BlogGrid page={page} result={list} timeZone={timeZone} />
        </SwapRegion>
      ) : (
        <Suspense key={page} fallback={<ListLoading />}>
          <Await resolve={list} errorElement={<ListFailed />}>
            {(result: BlogPage) => <BlogGrid page={page} result={result} timeZone={timeZone} />}
          </Await>
        </Suspense>
      )}
    </main>
  );
}

function ListLoading() {
  const { t } = useTranslation("blog");
  return (
    <p role="status" className="mt-10 text-slate-700">
      {t("list.loading")}
    </p>
  );
}

function ListFailed() {
  const { t } = useTranslation("blog");
  return (
    <p role="alert" className="mt-10 rounded-lg bg-red-50 p-4 text-red-800">
      {t("list.failed")}
    </p>
  );
}

function BlogGrid({ page, result, timeZone }: { page: number; result: BlogPage; timeZone: string | undefined }) {
  const { t } = useTranslation("blog");
  const pages = Math.ceil(result.total / BLOG_PAGE_SIZE);
  return (
    <>
      {result.posts.length === 0 ? (
        <p className="mt-10 text-lg text-slate-700">{t("list.empty")}</p>
      ) : (
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {result.posts.map((post, index) => (
            <BlogCard key={post._id} post={post} timeZone={timeZone} first={index === 0} />
          ))}
        </div>
      )}
      {pages > 1 ? <Pagination page={page} pages={pages} /> : null}
    </>
  );
}

const pageLink = (page: number) => (page === 1 ? "/blog" : `/blog?page=${page}`);

function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation("blog");
  const item = "rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100";
  return (
    <nav aria-label={t("list.pages")} className="mt-10" data-swap-links="">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <LocalLink to={pageLink(Math.min(page - 1, pages))} rel="prev" className={item}>
              {t("list.previous")}
            </LocalLink>
          </li>
        ) : null}
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <LocalLink
              to={pageLink(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={t("list.page", { page: n })}
              className={`${item} ${n === page ? "border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700" : ""}`}
            >
              {n}
            </LocalLink>
          </li>
        ))}
        {page < pages ? (
          <li>
            <LocalLink to={pageLink(page + 1)} rel="next" className={item}>
              {t("list.next")}
            </LocalLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("blog");
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-12">
      <title>{t("meta.listTitle")}</title>
      <Heading />
      <ListFailed />
    </main>
  );
}
