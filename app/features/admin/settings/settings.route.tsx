import { useTranslation } from "react-i18next";
import { getSiteSettings } from "~/features/site/site.server";
import { requireAdminPage } from "~/lib/page-guards.server";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/settings.route";
import { CampsOffStartDate } from "./CampsOffStartDate";
import { SettingsNav } from "./SettingsNav";
import { campsOffStartDate } from "./settings.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request, "admin");
  const settings = await getSiteSettings(context.db);
  // Decision 037: a new start date does not rewrite the batches; the index says which camps differ.
  return { campsOff: await campsOffStartDate(context.db, settings.campStartDate) };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** `/admin/settings`: the settings pages, each a link with what it holds (issue 42 step 9, decision 116). */
export default function SettingsIndexPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <PageMeta title={t("settings.title")} description={t("settings.indexIntro")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("settings.title")}</h1>
      <p className="max-w-3xl text-slate-700">{t("settings.indexIntro")}</p>
      <CampsOffStartDate id="camps-off-title" camps={loaderData.campsOff} title={t("settings.campsOffTitle")} text={t("settings.campsOffText")} links />
      <SettingsNav />
    </div>
  );
}
