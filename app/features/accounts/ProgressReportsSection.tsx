import { useTranslation } from "react-i18next";
import type { AccountPageData } from "./account-page.server";
import { AccountSection } from "./AccountSection";

const link = "font-medium text-indigo-700 underline hover:text-indigo-900";

/** /account's termly progress reports (issue 44 item 3, decision 138): each child's report as its PDF, newest first. */
export function ProgressReportsSection({ reports }: { reports: AccountPageData["progressReports"] }) {
  const { t } = useTranslation("progress");
  return (
    <AccountSection id="progress-reports" title={t("account.heading")}>
      <p className="mt-2 text-slate-700">{t("account.intro")}</p>
      <ul className="mt-3 space-y-3">
        {reports.map((report) => (
          <li key={report.id} className="rounded-lg border border-slate-200 p-3" data-report={report.child}>
            <p className="font-semibold text-slate-900">
              {t("account.line", { child: report.child, course: report.course, date: report.issuedOn })}
              {report.version > 1 ? (
                <span className="ms-2 text-sm font-normal text-slate-700">({t("account.updated", { version: report.version })})</span>
              ) : null}
            </p>
            <p className="mt-1">
              <a href={report.pdfUrl} className={link}>
                {t("account.open")}
                <span className="sr-only"> · {t("account.of", { child: report.child, course: report.course })}</span>
              </a>
            </p>
            {report.earlier.length > 0 ? (
              <div className="mt-2 text-sm text-slate-700">
                <p>{t("account.earlier")}</p>
                <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {report.earlier.map((old) => (
                    <li key={old.version}>
                      <a href={old.pdfUrl} className={link}>
                        {t("account.version", { version: old.version, date: old.issuedOn })}
                        <span className="sr-only"> · {t("account.versionOf", { child: report.child, course: report.course })}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}
