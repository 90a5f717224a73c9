import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { isFormState } from "~/lib/forms/form-state";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import type { CertificatesPageData } from "./certificates-page.server";
import { revokeForm } from "./certificates-forms";

type Child = CertificatesPageData["children"][number];
export const button = "rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800";
export const link = "font-medium text-indigo-700 underline hover:text-indigo-900";

/** One child of the certificates page: their rate, and issue or revoke (plain posts). */
export function ChildCard({ child, held, hidden, actionData }: { child: Child; held: number; hidden: React.ReactNode; actionData: unknown }) {
  const { t } = useTranslation("certificates");
  const live = child.live;
  const refusal = live && isFormState(actionData, revokeForm(String(live.id))) ? actionData : null;
  const reasonId = `reason-${child.enrolmentId}`;
  return (
    <li id={`child-${child.enrolmentId}`} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{child.name}</h2>
        <p className={child.qualifies ? "font-semibold text-green-800" : "font-semibold text-amber-800"}>
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
          <img src={live.qr} alt={t("issue.qrLabel", { child: child.name })} width={112} height={112} className="rounded border border-slate-200" />
          <div className="space-y-1">
            <p className="text-slate-800">{t("issue.live", { date: live.issuedLabel })}</p>
            <p className="text-slate-800">
              {t("issue.code")}:{" "}
              <span dir="ltr" className="font-mono font-semibold" data-certificate-code>
                {live.code}
              </span>
            </p>
            <p className="flex flex-wrap gap-4">
              <a href={live.pdfUrl} download aria-label={t("issue.downloadFor", { child: child.name })} className={link}>
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
              <label htmlFor={reasonId} className="text-sm font-semibold text-slate-800">
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
                aria-describedby={refusal?.errors.reason ? `${reasonId}-error` : undefined}
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
            <FormAlert message={refusal && !refusal.errors.reason ? refusal.message : undefined} />
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
            className={child.qualifies ? button : "rounded-lg border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-800"}
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
