import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { isFormState } from "~/lib/forms/form-state";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { FormAlert } from "~/ui/FormAlert";
import { inputClass } from "~/ui/Field";
import { formatPhone } from "~/lib/validation";
import type { Route } from "./+types/admin-consent-missing.route";
import { missingChoices, missingConsent } from "./consent-missing.server";
import { missingQuery } from "./consent.schema";
import { remindAction } from "./consent-pages.action.server";
import { REMIND_FORM } from "./consent-form-names";

export const action = remindAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  // "list" is one choice of the select: "s:<group id>" or "c:<camp id>:<session>".
  const list = url.searchParams.get("list") ?? "";
  const [kind, id, ...session] = list.split(":");
  const parsed = missingQuery.safeParse(kind === "s" ? { section: id } : kind === "c" ? { camp: id, session: session.join(":") } : {});
  const query = parsed.success ? parsed.data : null;
  return {
    list,
    query,
    choices: await missingChoices(context.db, lang),
    children: query ? (await missingConsent(context.db, query, lang)).map((c) => ({ ...c, phone: formatPhone(c.phone) })) : null,
    reminded: url.searchParams.get("reminded"),
  };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/consent-forms/missing: who in a group or camp batch has not completed a required form; one reminder per family. */
export default function AdminConsentMissingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("consent");
  const { list, query, choices, children, reminded } = loaderData;
  const served = isFormState(actionData, REMIND_FORM) ? actionData : null;
  const cell = "border-b border-slate-200 px-2 py-1.5 text-start align-top";
  return (
    <div className="space-y-6">
      <PageMeta title={t("admin.missingTitle")} description={t("admin.missingIntro")} />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("admin.missingTitle")}</h1>
        <p className="mt-1 text-sm text-slate-700">{t("admin.missingIntro")}</p>
      </header>
      <form method="get" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="missing-list" className="mb-1 block text-sm font-medium text-slate-800">
            {t("admin.group")} / {t("admin.campBatch")}
          </label>
          <select id="missing-list" name="list" defaultValue={list} className={inputClass}>
            <option value="">{t("admin.choose")}</option>
            <optgroup label={t("admin.group")}>
              {choices.sections.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </optgroup>
            <optgroup label={t("admin.campBatch")}>
              {choices.camps.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <button type="submit" className="rounded-lg border border-indigo-600 px-4 py-2 font-semibold text-indigo-700">
          {t("admin.show")}
        </button>
      </form>
      {children === null ? null : children.length === 0 ? (
        <p role="status" className="text-slate-700">
          {t("admin.allComplete")}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{t("admin.missingTitle")}</caption>
              <thead>
                <tr className="bg-slate-50">
                  {(["child", "parent", "contact", "missing"] as const).map((c) => (
                    <th key={c} scope="col" className={cell}>
                      {t(`admin.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {children.map((c, i) => (
                  <tr key={`${c.email}-${i}`}>
                    <th scope="row" className={`${cell} font-medium`}>
                      {c.childName}
                    </th>
                    <td className={cell}>{c.parentName}</td>
                    <td className={cell} dir="ltr">
                      {c.email}
                      <br />
                      {c.phone}
                    </td>
                    <td className={cell}>{c.missing.join(" · ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form method="post" id="remind" className="space-y-2">
            <FormAlert message={served?.message} />
            {reminded !== null && !served ? (
              <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
                {t("api.reminded", { count: Number(reminded) })}
              </p>
            ) : null}
            {query && "section" in query ? <input type="hidden" name="section" value={query.section} /> : null}
            {query && "camp" in query ? (
              <>
                <input type="hidden" name="camp" value={query.camp} />
                <input type="hidden" name="session" value={query.session} />
              </>
            ) : null}
            <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
              {t("admin.remind")}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
