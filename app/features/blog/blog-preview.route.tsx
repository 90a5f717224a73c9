import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { useRootData } from "~/root";
import { LocalLink } from "~/ui/LocalLink";
import type { Route } from "./+types/blog-preview.route";
import { BlogArticle } from "./BlogArticle";
import { checkPreviewToken } from "./blog-preview.server";
import { findPostForPreview } from "./blog.server";
import { formatLongDate } from "./dates";

/** Why a preview link is refused; the error boundary picks its text from it. */
type PreviewProblem = { reason: "invalid" | "expired" | "gone" };

const NOT_STORED = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * /blog-preview?token=…: a draft or scheduled post for anyone holding the signed link the blog
 * editor gives (decision 036). No sign-in; never cached, never indexed. Refused with 410 once the
 * link has expired and 404 for a wrong signature or a deleted post; a post that is on the site
 * by now leads to its public address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const check = checkPreviewToken(context.config.sessionSecret, url.searchParams.get("token") ?? "");
  if (!check.ok) throw data<PreviewProblem>({ reason: check.reason }, { status: check.reason === "expired" ? 410 : 404, headers: NOT_STORED });
  const found = await findPostForPreview(context.db, check.postId, lang);
  if (!found) throw data<PreviewProblem>({ reason: "gone" }, { status: 404, headers: NOT_STORED });
  if (found.live) throw redirect(localizePath(`/blog/${found.post.slug}`, lang), { status: 302, headers: NOT_STORED });
  return data({ post: found.post, draft: found.status !== "published" }, { headers: NOT_STORED });
}

export function headers() {
  return NOT_STORED;
}

export default function BlogPreviewPage({ loaderData }: Route.ComponentProps) {
  const { post, draft } = loaderData;
  const { t } = useTranslation("blog");
  const lang = useLang();
  const timeZone = useRootData()?.settings.timeZone;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <title>{`${t("preview.banner")} | ${post.title}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <div role="note" className="mb-8 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950">
        <p className="text-lg font-bold">{t("preview.banner")}</p>
        <p className="mt-1">{draft ? t("preview.draft") : t("preview.scheduled", { date: formatLongDate(post.publishDate, lang, timeZone) })}</p>
      </div>
      <BlogArticle post={post} />
    </main>
  );
}

/** The refusal page: expired (410), or not valid / post gone (404). */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("blog");
  const { t: tc } = useTranslation();
  const reason = isRouteErrorResponse(error) ? (error.data as Partial<PreviewProblem> | null)?.reason : undefined;
  const message = reason === "expired" ? t("preview.expired") : reason === "invalid" || reason === "gone" ? t("preview.invalid") : t("errors.failed");
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      <title>{`${t("preview.refusedTitle")} | ${tc("brand")}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-2xl font-bold text-slate-900">{t("preview.refusedTitle")}</h1>
      <p role="alert" className="mt-4 text-lg text-slate-700">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LocalLink to="/blog" className="rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
          {t("post.back")}
        </LocalLink>
      </div>
    </main>
  );
}
