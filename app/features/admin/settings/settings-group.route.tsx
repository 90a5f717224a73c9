import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { SaveButton } from "~/features/admin-kit/StaffForm";
import { getSiteSettings } from "~/features/site/site.server";
import { langFromPath } from "~/i18n/lang";
import { formatPrice } from "~/lib/money";
import { requireAdminPage } from "~/lib/page-guards.server";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/settings-group.route";
import { CampsOffStartDate } from "./CampsOffStartDate";
import { SettingsGroupFields } from "./SettingsGroupFields";
import { SettingsNav } from "./SettingsNav";
import { useSettingsForm } from "./settings-form";
import { isSettingsGroup } from "./settings-groups";
import { settingsChoices } from "./settings-choices.server";
import { settingsPageAction } from "./settings-page.action.server";
import { campsOffStartDate, listAdminCamps } from "./settings.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdminPage(context, request, "admin");
  if (!isSettingsGroup(params.group)) throw data(null, { status: 404 });
  const group = params.group;
  const settings = await getSiteSettings(context.db);
  const camp = group === "summer-camp";
  // Decision 037: a new start date does not rewrite the batches; the camp page says which camps differ.
  const camps = camp ? await listAdminCamps(context.db) : [];
  const campsOff = camp ? await campsOffStartDate(context.db, settings.campStartDate) : [];
  const choices = group === "contact" ? settingsChoices(langFromPath(new URL(request.url).pathname), settings) : null;
  return { group, settings, camps, campsOff, choices };
}

/** The page's form without JavaScript: PUT /api/admin/settings in process with this page's fields (decision 116). */
export async function action(args: Route.ActionArgs) {
  if (!isSettingsGroup(args.params.group)) throw data(null, { status: 404 });
  return settingsPageAction(args, args.params.group);
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** `/admin/settings/{group}`: one page of the staff settings, saved on its own (issue 42 step 9). */
export default function SettingsGroupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { group } = loaderData;
  const title = t(`settings.groups.${group}.title`);
  return (
    <div className="space-y-6">
      <PageMeta title={title} description={t(`settings.groups.${group}.description`)} />
      <LocalLink to="/admin/settings" className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true" className="rtl:rotate-180">
          ←
        </span>{" "}
        {t("settings.allSettings")}
      </LocalLink>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="max-w-3xl text-slate-700">{t(`settings.groups.${group}.description`)}</p>
      {/* Keyed by page: each page's form has its own fields and defaults. */}
      <GroupForm key={group} loaderData={loaderData} />
      {group === "summer-camp" ? <CampList loaderData={loaderData} /> : null}
      <SettingsNav current={group} />
    </div>
  );
}

function GroupForm({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const s = useSettingsForm(loaderData.group, loaderData.settings);
  return (
    <form {...s.form.formProps} className="space-y-6">
      <FormAlert message={s.form.refusal} />
      <SettingsGroupFields group={loaderData.group} s={s} choices={loaderData.choices} />
      <SaveButton pending={s.form.pending} />
    </form>
  );
}

/** The summer camps, each a link to its editor, after the camps whose batches no longer follow the start date. */
function CampList({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <CampsOffStartDate id="camps-off-title" camps={loaderData.campsOff} title={t("settings.campsOffTitle")} text={t("settings.campsOffText")} links />
      <section aria-labelledby="camps-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="camps-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t("settings.campsTitle")}
        </h2>
        <ul className="divide-y divide-slate-100">
          {loaderData.camps.map((camp) => (
            <li key={camp.id} className="flex flex-wrap items-center gap-4 py-2">
              {/* The camp list is always in English (listAdminCamps). */}
              <span lang="en" className="font-medium">
                {camp.title}
              </span>
              <span lang="en" className="text-sm text-slate-600">
                {camp.grades}
              </span>
              <span className="text-sm text-slate-600">{formatPrice(camp.price, camp.currency, "en")}</span>
              <LocalLink
                to={`/admin/settings/camps/${camp.id}`}
                aria-label={`${t("camps.edit")}: ${camp.title}`}
                className="ms-auto text-sm font-semibold text-indigo-700 hover:underline"
              >
                {t("camps.edit")}
              </LocalLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
