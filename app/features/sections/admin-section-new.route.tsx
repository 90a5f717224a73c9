import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { LocalLink } from "~/ui/LocalLink";
import { FormAlert } from "~/ui/FormAlert";
import { BackArrow } from "~/ui/Bidi";
import { isFormState } from "~/lib/forms/form-state";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatZoneLabel } from "~/kernel/slot-format";
import type { Route } from "./+types/admin-section-new.route";
import { adminSectionNewAction } from "./admin-sections.action.server";
import { NEW_SECTION_VALUES, SectionFields } from "./SectionFields";
import { sectionFormChoices } from "./section-edit.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const timeZone = await academyTimeZone(context.db);
  return { ...(await sectionFormChoices(context.db, lang)), zone: formatZoneLabel(new Date(), timeZone, lang) };
}

export async function action(args: Route.ActionArgs) {
  return adminSectionNewAction(args);
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/sections/new: a new course group on its own page (issue 42 step 9); saved, it opens the group's page. */
export default function AdminSectionNewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sections");
  const { courses, teachers, weekdays, zone } = loaderData;
  const create = isFormState(actionData, "section") ? actionData : null;
  return (
    <div className="space-y-6">
      <PageMeta title={t("admin.new")} description={t("admin.intro")} />
      <header>
        <p className="text-sm">
          <LocalLink to="/admin/sections" className="text-indigo-700 underline">
            <BackArrow /> {t("admin.back")}
          </LocalLink>
        </p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{t("admin.new")}</h1>
        <p className="mt-1 text-slate-700">{t("admin.intro")}</p>
        <p className="text-sm text-slate-600">{t("admin.zone", { zone })}</p>
      </header>
      <form method="post" className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2">
        <FormAlert message={create?.message} className="sm:col-span-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" />
        <SectionFields
          values={create?.values ?? NEW_SECTION_VALUES}
          errors={create?.errors ?? {}}
          courses={courses}
          teachers={teachers}
          weekdays={weekdays}
          idPrefix="new-section"
        />
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
            {t("admin.create")}
          </button>
          <LocalLink to="/admin/sections" className="text-indigo-700 underline">
            {t("admin.list.discard")}
          </LocalLink>
        </div>
      </form>
    </div>
  );
}
