import { data } from "react-router";
import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { postedNumber } from "~/lib/forms/pick-fields.server";
import { isFormState } from "~/lib/forms/form-state";
import { PageMeta } from "~/ui/PageMeta";
import { FormAlert } from "~/ui/FormAlert";
import { useLang } from "~/i18n/use-lang";
import type { Route } from "./+types/admin-refund-policies.route";
import { saveRefundPolicyEndpoint } from "./refunds.api";
import { listRefundPolicies } from "~/features/billing/refund-policy.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { offers: await listRefundPolicies(context.db), saved: new URL(request.url).searchParams.get("saved") };
}

/** One form per offer, each the endpoint its JSON route serves (decision 048). */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  requireAdminPage(context, request);
  const fields = await request
    .clone()
    .formData()
    .catch(() => null);
  const kind = String(fields?.get("kind") ?? "");
  const id = String(fields?.get("id") ?? "");
  if (!/^(course|camp)$/.test(kind) || !/^\d{1,9}$/.test(id)) throw data({ message: "Bad request." }, { status: 400 });
  const path = new URL(request.url).pathname;
  return postFormToApi(args, {
    form: `policy-${kind}-${id}`,
    endpoint: saveRefundPolicyEndpoint,
    params: { kind, id },
    toBody: (form) => ({ percentBefore: postedNumber(form.percentBefore), percentAfter: postedNumber(form.percentAfter) }),
    onSuccess: () => `${path}?saved=${kind}-${id}#${kind}-${id}`,
  });
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/billing/refund-policies: what a dropped enrolment proposes to give back, per course and for the camp (decision 092). */
export default function AdminRefundPoliciesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("refunds");
  const lang = useLang();
  const { offers, saved } = loaderData;
  return (
    <div className="max-w-3xl space-y-6">
      <PageMeta title={t("policies.title")} description={t("policies.description")} />
      <h1 className="text-3xl font-bold text-slate-900">{t("policies.title")}</h1>
      <p className="text-slate-700">{t("policies.intro")}</p>
      {offers.map((offer) => {
        const key = `${offer.kind}-${offer.id}`;
        const refused = isFormState(actionData, `policy-${key}`) ? actionData : null;
        return (
          <section key={key} id={key} aria-labelledby={`${key}-name`} className="rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id={`${key}-name`} className="text-lg font-semibold text-slate-900">
              {offer.name[lang]} <span className="text-sm font-normal text-slate-600">({t(`policies.${offer.kind}`)})</span>
            </h2>
            {saved === key ? (
              <p role="status" className="mt-2 font-semibold text-emerald-800">
                {t("api.policySaved")}
              </p>
            ) : null}
            <form method="post" className="mt-3 flex flex-wrap items-end gap-4">
              <input type="hidden" name="kind" value={offer.kind} />
              <input type="hidden" name="id" value={offer.id} />
              <FormAlert message={refused?.message} className="w-full rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" />
              {(["percentBefore", "percentAfter"] as const).map((field) => (
                <div key={field}>
                  <label htmlFor={`${key}-${field}`} className="block font-semibold text-slate-900">
                    {t(field === "percentBefore" ? "policies.before" : "policies.after")}
                  </label>
                  <input
                    id={`${key}-${field}`}
                    name={field}
                    type="number"
                    min={0}
                    max={100}
                    step={1}
                    required
                    dir="ltr"
                    defaultValue={refused?.values[field] ?? offer[field]}
                    aria-invalid={refused?.errors[field] ? true : undefined}
                    className="mt-1 block w-28 rounded-lg border border-slate-400 p-2"
                  />
                  {refused?.errors[field] ? <p className="text-sm text-red-700">{refused.errors[field]}</p> : null}
                </div>
              ))}
              <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
                {t("policies.save")}
              </button>
            </form>
          </section>
        );
      })}
    </div>
  );
}
