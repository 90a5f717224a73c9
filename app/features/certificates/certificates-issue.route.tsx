import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { isFormState } from "~/lib/forms/form-state";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/certificates-issue.route";
import { certificatesPageData } from "./certificates-page.server";
import { button, ChildCard, link } from "./CertificateChildCard";
import { certificatesPageAction } from "./certificates-page.action.server";
import { ISSUE_FORM } from "./certificates-forms";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  certificatesPageData(context, request, params.id);
export const action = certificatesPageAction;

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}


/**
 * /teaching/sections/:id/certificates (and /ar/...): staff, or the group's instructor, see each
 * child's attendance against a threshold, issue certificates to the group or one child, and revoke
 * them (decision 080). Every form is a plain post; the threshold is a GET form.
 */
export default function CertificatesIssuePage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { t } = useTranslation("certificates");
  const { section, threshold, language, children, backTo, notice } = loaderData;
  const refusal = isFormState(actionData, ISSUE_FORM) ? actionData : null;
  const hidden = (
    <>
      <input type="hidden" name="threshold" value={threshold} />
      <input type="hidden" name="language" value={language} />
    </>
  );
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-5 px-4 py-8">
      <PageMeta title={t("issue.title")} description={t("issue.intro")} />
      <meta name="robots" content="noindex" />
      <p className="text-sm">
        <LocalLink to={backTo} className={link}>
          {t("issue.back")}
        </LocalLink>
      </p>
      <h1 className="text-2xl font-bold text-slate-900">
        {t("issue.heading", { course: section.course })}
      </h1>
      <p className="text-slate-700">{t("issue.intro")}</p>
      <p className="font-medium text-slate-800">
        {t("issue.held", { count: section.held })}
      </p>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4"
      >
        <p className="flex flex-col gap-1">
          <label htmlFor="threshold" className="font-semibold text-slate-800">
            {t("issue.threshold")}
          </label>
          <input
            id="threshold"
            name="threshold"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            required
            defaultValue={threshold}
            aria-describedby="threshold-hint"
            className="w-28 rounded-lg border border-slate-400 px-3 py-2"
          />
          <span id="threshold-hint" className="text-sm text-slate-600">
            {t("issue.thresholdHint")}
          </span>
        </p>
        <p className="flex flex-col gap-1">
          <label htmlFor="language" className="font-semibold text-slate-800">
            {t("issue.language")}
          </label>
          <select
            id="language"
            name="language"
            defaultValue={language}
            className="rounded-lg border border-slate-400 px-3 py-2"
          >
            {(["family", "en", "ar"] as const).map((value) => (
              <option key={value} value={value}>
                {t(`issue.languages.${value}`)}
              </option>
            ))}
          </select>
        </p>
        <button
          type="submit"
          className="rounded-lg border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("issue.show")}
        </button>
      </Form>
      <div id="results" className="scroll-mt-24 space-y-3">
        {notice ? (
          <p
            role="status"
            className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 font-semibold text-green-900"
          >
            {notice.kind === "revoked"
              ? t("api.revoked")
              : notice.count > 0
                ? t("api.issued", { count: notice.count })
                : t("api.nothingIssued")}
          </p>
        ) : null}
        <FormAlert message={refusal?.message} />
        {section.held === 0 ? (
          <p className="text-slate-700">{t("issue.noClasses")}</p>
        ) : null}
        {children.length > 0 && section.held > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="issue" />
            {hidden}
            <button type="submit" className={button}>
              {t("issue.issueAll")}
            </button>
          </Form>
        ) : null}
      </div>
      {children.length === 0 ? (
        <p className="text-slate-700">{t("issue.noChildren")}</p>
      ) : (
        <section aria-label={t("issue.caption")}>
          <ul className="space-y-3">
            {children.map((child) => (
              <ChildCard
                key={child.enrolmentId}
                child={child}
                held={section.held}
                hidden={hidden}
                actionData={actionData}
              />
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
