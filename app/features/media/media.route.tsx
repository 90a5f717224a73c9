import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useLocation } from "react-router";
import { Field, inputClass } from "~/ui/Field";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/media.route";
import { MediaCard } from "./MediaCard";
import { MediaUploadForm } from "./MediaUploadForm";
import { isMediaFormState } from "./media-forms";
import { loadMediaPage, mediaPageAction } from "./media-page.server";

export const loader = ({ request, context }: Route.LoaderArgs) => loadMediaPage({ request, context });

/** The page's forms: upload (without JavaScript), alt text, delete (asked first); see media-page.server.ts. */
export const action = ({ request, context }: Route.ActionArgs) => mediaPageAction({ request, context });

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** `/admin/media`: the media library (issue 16). Upload, search, alt text in both languages, delete. */
export default function MediaPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const { t: ta } = useTranslation("admin");
  const { query, result, timeZone } = loaderData;
  const answer = useActionData<typeof action>();
  const state = isMediaFormState(answer) ? answer : undefined;
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const pageLink = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(page));
    return `?${params.toString()}`;
  };
  return (
    <div className="space-y-6">
      <PageMeta title={t("media.title")} description={t("media.intro")} />
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">{t("media.title")}</h1>
        <p className="max-w-3xl text-slate-700">{t("media.intro")}</p>
      </div>

      <MediaUploadForm
        state={
          state?.form === "upload"
            ? state
            : loaderData.tooLargeMb !== null
              ? { form: "upload", ok: false, message: t("api.tooLarge", { mb: loaderData.tooLargeMb }) }
              : undefined
        }
      />
      {state?.form === "delete" && state.ok && !state.ask ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {state.message}
        </p>
      ) : null}

      <section aria-labelledby="media-grid-title" className="space-y-4">
        <h2 id="media-grid-title" className="sr-only">
          {t("media.title")}
        </h2>
        <Form method="get" role="search" aria-label={t("media.searchLabel")} className="flex flex-wrap items-end gap-3">
          <Field label={t("media.searchLabel")} className="min-w-64 flex-1">
            {({ id }) => <input id={id} type="search" name="q" defaultValue={query.q} placeholder={t("media.searchPlaceholder")} className={inputClass} />}
          </Field>
          <button type="submit" className="rounded-lg bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900">
            {t("media.search")}
          </button>
          {query.q ? (
            <Link to="?" className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50">
              {t("media.clearSearch")}
            </Link>
          ) : null}
        </Form>

        <p role="status" className="text-sm text-slate-600">
          {t("media.count", { count: result.total })}
        </p>
        {result.rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
            {query.q ? t("media.noMatches") : t("media.empty")}
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {result.rows.map((item, index) => (
              <MediaCard
                key={item.id}
                item={item}
                number={(result.page - 1) * result.pageSize + index + 1}
                timeZone={timeZone}
                state={state?.id === item.id ? state : undefined}
              />
            ))}
          </ul>
        )}

        {pages > 1 ? (
          <nav aria-label={ta("table.pagination")} className="flex items-center justify-between gap-3 text-sm">
            {result.page > 1 ? (
              <Link to={pageLink(result.page - 1)} className="rounded-lg border border-slate-300 px-3 py-1.5 hover:bg-slate-50">
                {ta("table.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-600">{ta("table.pageOf", { page: result.page, pages })}</span>
            {result.page < pages ? (
              <Link to={pageLink(result.page + 1)} className="rounded-lg border border-slate-300 px-3 py-1.5 hover:bg-slate-50">
                {ta("table.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
