import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { isFormState } from "~/lib/forms/form-state";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/certificates-issue.route";
import {
  certificatesPageData,
  type CertificatesPageData,
} from "./certificates-page.server";
import { certificatesPageAction } from "./certificates-page.action.server";
import { ISSUE_FORM, revokeForm } from "./certificates-forms";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  certificatesPageData(context, request, params.id);
export const action = certificatesPageAction;

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

type Child = CertificatesPageData["children"][number];
const button =
  "rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800";
const link = "font-medium text-indigo-700 underline hover:text-indigo-900";

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

function ChildCard({
  child,
  held,
  hidden,
  actionData,
}: {
  child: Child;
  held: number;
  hidden: React.ReactNode;
  actionData: unknown;
}) {
  const { t } = useTranslation("certificates");
  const live = child.live;
  const refusal =
    live && isFormState(actionData, revokeForm(String(live.id)))
      ? actionData
      : null;
  const reasonId = `reason-${child.enrolmentId}`;
  return (
    <li
      id={`child-${child.enrolmentId}`}
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{child.name}</h2>
        <p
          className={
            child.qualifies
              ? "font-semibold text-green-800"
              : "font-semibold text-amber-800"
          }
        >
          {child.qualifies ? t("issue.qualifies") : t("issue.below")}
        </p>
      </div>
      <p className="text-slate-700">
        {t("issue.attendance")}:{" "}
        <span>
          {t("issue.rate", {
            rate: child.rate,
            attended: child.attended,
            held,
          })}
        </span>
      </p>
      {live ? (
        <div className="mt-3 flex flex-wrap items-start gap-4">
          <img
            src={live.qr}
            alt={t("issue.qrLabel", { child: child.name })}
            width={112}
            height={112}
            className="rounded border border-slate-200"
          />
          <div className="space-y-1">
            <p className="text-slate-800">
              {t("issue.live", { date: live.issuedLabel })}
            </p>
            <p className="text-slate-800">
              {t("issue.code")}:{" "}
              <span
                dir="ltr"
                className="font-mono font-semibold"
                data-certificate-code
              >
                {live.code}
              </span>
            </p>
            <p className="flex flex-wrap gap-4">
              <a
                href={live.pdfUrl}
                download
                aria-label={t("issue.downloadFor", { child: child.name })}
                className={link}
              >
                {t("issue.download")}
              </a>
              <LocalLink to={live.verifyUrl} className={link}>
                {t("issue.verifyLink")}
              </LocalLink>
            </p>
          </div>
          <Form method="post" className="flex w-full flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="certificate" value={live.id} />
            <input type="hidden" name="enrolmentId" value={child.enrolmentId} />
            {hidden}
            <p className="flex min-w-0 flex-1 flex-col gap-1">
              <label
                htmlFor={reasonId}
                className="text-sm font-semibold text-slate-800"
              >
                {t("issue.revokeReason")}
              </label>
              <input
                id={reasonId}
                type="text"
                name="reason"
                required
                minLength={3}
                maxLength={300}
                defaultValue={refusal?.values.reason ?? ""}
                aria-invalid={refusal?.errors.reason ? true : undefined}
                aria-describedby={
                  refusal?.errors.reason ? `${reasonId}-error` : undefined
                }
                className="rounded-lg border border-slate-400 px-3 py-2"
              />
              {refusal?.errors.reason ? (
                <span id={`${reasonId}-error`} className="text-sm text-red-800">
                  {refusal.errors.reason}
                </span>
              ) : null}
            </p>
            <button
              type="submit"
              aria-label={t("issue.revokeFor", { child: child.name })}
              className="rounded-lg border border-red-700 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
            >
              {t("issue.revoke")}
            </button>
            <FormAlert
              message={
                refusal && !refusal.errors.reason ? refusal.message : undefined
              }
            />
          </Form>
        </div>
      ) : held > 0 ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="issue" />
          <input type="hidden" name="enrolmentId" value={child.enrolmentId} />
          {hidden}
          <button
            type="submit"
            aria-label={t("issue.issueOneFor", { child: child.name })}
            className={
              child.qualifies
                ? button
                : "rounded-lg border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-800"
            }
          >
            {t("issue.issueOne")}
          </button>
        </Form>
      ) : null}
      {child.revoked.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {child.revoked.map((c) => (
            <li key={c.id}>
              <span dir="ltr" className="font-mono">
                {c.code}
              </span>{" "}
              · {t("issue.revokedOn", { date: c.label, reason: c.reason })}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
