import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { isFormState } from "~/lib/forms/form-state";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { LocalLink } from "~/ui/LocalLink";
import type { Route } from "./+types/admin-consent-forms.route";
import { listConsentForms } from "./consent-forms.server";
import { ConsentFormEditor } from "./ConsentFormEditor";
import { newConsentFormAction } from "./consent-pages.action.server";
import { NEW_FORM } from "./consent-form-names";

export const action = newConsentFormAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const forms = await listConsentForms(context.db);
  return {
    forms: forms.map((f) => ({
      id: f.id,
      kind: f.kind,
      required: f.required === 1,
      active: f.active === 1,
      version: f.current_version,
      title: lang === "ar" && f.title_ar ? f.title_ar : f.title_en,
    })),
  };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/consent-forms: the academy's consent forms (issue 30 part 4, decision 078) and a new one. */
export default function AdminConsentFormsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("consent");
  const cell = "border-b border-slate-200 px-2 py-1.5 text-start align-top";
  return (
    <div className="space-y-6">
      <PageMeta title={t("admin.title")} description={t("admin.intro")} />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("admin.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("admin.intro")}</p>
        <p className="mt-2 text-sm">
          <LocalLink to="/admin/consent-forms/missing" className="font-semibold text-indigo-700 underline">
            {t("admin.missingLink")}
          </LocalLink>
        </p>
      </header>
      {loaderData.forms.length === 0 ? (
        <p className="text-slate-700">{t("admin.none")}</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t("admin.title")}</caption>
          <thead>
            <tr className="bg-slate-50">
              <th scope="col" className={cell}>
                {t("admin.titleEn").replace(/ \(.*\)$/, "")}
              </th>
              <th scope="col" className={cell}>
                {t("admin.kind")}
              </th>
              <th scope="col" className={cell}>
                {t("admin.versions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.forms.map((form) => (
              <tr key={form.id}>
                <th scope="row" className={`${cell} font-medium`}>
                  <LocalLink to={`/admin/consent-forms/${form.id}`} className="text-indigo-700 underline">
                    {form.title}
                  </LocalLink>
                  <span className="block text-xs text-slate-600">
                    {form.required ? t("fieldset.required") : t("fieldset.optional")}
                    {form.active ? "" : ` · ${t("admin.withdrawn")}`}
                  </span>
                </th>
                <td className={cell}>{t(`kinds.${form.kind}`)}</td>
                <td className={cell}>{t("fieldset.version", { version: form.version })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section aria-labelledby="new-form" className="rounded-2xl border border-slate-200 p-4">
        <h2 id="new-form" className="mb-3 text-lg font-semibold text-slate-900">
          {t("admin.new")}
        </h2>
        <ConsentFormEditor values={{ required: "yes" }} served={isFormState(actionData, NEW_FORM) ? actionData : null} isNew submit={t("admin.create")} />
      </section>
    </div>
  );
}
