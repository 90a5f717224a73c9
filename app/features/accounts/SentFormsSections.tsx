import { useTranslation } from "react-i18next";
import type { AccountOverview } from "./account-space.server";
import { AccountSection, DateText, Fact, Facts } from "./AccountSection";

/** What the parent sent through the site's other forms: camp enrolments and brochure requests. */
export function SentFormsSections({ enrollments, brochureRequests }: Pick<AccountOverview, "enrollments" | "brochureRequests">) {
  const { t } = useTranslation("accounts");
  return (
    <>
      <AccountSection id="enrollments" title={t("space.enrollments.heading")}>
        {enrollments.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("space.enrollments.none")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {enrollments.map((enrolment, index) => (
              <li key={enrolment.reference ?? index} className="py-3">
                <p className="font-semibold text-slate-900">{enrolment.campTitle}</p>
                <Facts>
                  <Fact label={t("space.enrollments.student")}>{enrolment.studentName}</Fact>
                  <Fact label={t("space.enrollments.session")}>{enrolment.session}</Fact>
                  <Fact label={t("space.enrollments.sent")}>
                    <DateText iso={enrolment.createdAt} />
                  </Fact>
                  <Fact label={t("space.enrollments.status")}>{t(`space.submissionStatus.${enrolment.status}`)}</Fact>
                </Facts>
              </li>
            ))}
          </ul>
        )}
      </AccountSection>

      <AccountSection id="brochures" title={t("space.brochures.heading")}>
        {brochureRequests.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("space.brochures.none")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {brochureRequests.map((request, index) => (
              <li key={`${request.createdAt}-${index}`} className="py-3">
                <Facts>
                  <Fact label={t("space.brochures.student")}>{request.studentName}</Fact>
                  <Fact label={t("space.brochures.grade")}>{request.grade}</Fact>
                  <Fact label={t("space.brochures.sent")}>
                    <DateText iso={request.createdAt} />
                  </Fact>
                  <Fact label={t("space.brochures.status")}>{t(`space.submissionStatus.${request.status}`)}</Fact>
                </Facts>
              </li>
            ))}
          </ul>
        )}
      </AccountSection>
    </>
  );
}
