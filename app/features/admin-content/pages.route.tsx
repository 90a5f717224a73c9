import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/pages.route";
import { listPages } from "./page-section-admin.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { pages: await listPages(context.db) };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** `/admin/pages`: the public pages whose texts staff edit (decision 058), with the fields still lacking Arabic. */
export default function PagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const title = t("pageText.listTitle");
  return (
    <div className="space-y-4">
      <PageMeta title={title} description={title} />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="max-w-3xl text-slate-700">{t("pageText.listIntro")}</p>
      <ul className="grid gap-4 md:grid-cols-2">
        {loaderData.pages.map((page) => (
          <li key={page.page} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-lg font-semibold">
              <LocalLink to={`/admin/pages/${page.page}`} className="text-indigo-700 hover:underline">
                {t(`pageText.pages.${page.page}`)}
              </LocalLink>
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t("pageText.sectionCount", { count: page.sections })}</p>
            <p className={`mt-1 text-sm ${page.missing > 0 ? "font-medium text-amber-900" : "text-slate-700"}`}>
              {page.missing > 0 ? t("pageText.missingCount", { count: page.missing }) : t("pageText.allTranslated")}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
