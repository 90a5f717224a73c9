import { data } from "react-router";
import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { isFormState } from "~/lib/forms/form-state";
import { PageMeta } from "~/ui/PageMeta";
import { LocalLink } from "~/ui/LocalLink";
import type { Route } from "./+types/admin-consent-form.route";
import { findConsentForm } from "./consent-forms.server";
import { ConsentFormEditor } from "./ConsentFormEditor";
import { editConsentFormAction } from "./consent-pages.action.server";
import { EDIT_FORM } from "./consent-form-names";

export const action = editConsentFormAction;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const form = id > 0 ? await findConsentForm(context.db, id) : undefined;
  if (!form) throw data(null, { status: 404 });
  return {
    id: form.id,
    kind: form.kind,
    version: form.current_version,
    values: {
      required: form.required === 1 ? "yes" : "",
      active: form.active === 1 ? "yes" : "",
      titleEn: form.title_en,
      titleAr: form.title_ar,
      bodyEn: form.body_en,
      bodyAr: form.body_ar,
    },
    versions: form.versions.map((v) => ({ version: v.version, title: v.title_en, at: v.created_at.slice(0, 10), answers: v.answers })),
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/consent-forms/:id: a form's edit (changed texts publish the next version) and its versions. */
export default function AdminConsentFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("consent");
  const { kind, version, values, versions, saved } = loaderData;
  const served = isFormState(actionData, EDIT_FORM) ? actionData : null;
  return (
    <div className="space-y-6">
      <PageMeta title={`${t("admin.title")}: ${values.titleEn}`} description={t("admin.intro")} />
      <p className="text-sm">
        <LocalLink to="/admin/consent-forms" className="text-indigo-700 underline">
          {t("admin.back")}
        </LocalLink>
      </p>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{values.titleEn}</h1>
        <p className="text-sm text-slate-700">
          {t(`kinds.${kind}`)} · {t("fieldset.version", { version })}
        </p>
        {saved && !served ? (
          <p role="status" className="mt-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
            {t("api.formSaved")}
          </p>
        ) : null}
      </header>
      <ConsentFormEditor values={values} served={served} isNew={false} submit={t("admin.save")} />
      <section aria-labelledby="versions">
        <h2 id="versions" className="text-lg font-semibold text-slate-900">
          {t("admin.versions")}
        </h2>
        <ul className="mt-2 space-y-1 text-sm text-slate-800">
          {versions.map((v) => (
            <li key={v.version}>
              {t("fieldset.version", { version: v.version })} · {v.title} · <span dir="ltr">{v.at}</span> · {t("admin.answers", { count: v.answers })}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
