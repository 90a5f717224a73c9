import { useTranslation } from "react-i18next";
import { LtrValue } from "~/ui/Bidi";
import type { AccountPageData } from "./account-page.server";
import { AccountSection, Fact, Facts } from "./AccountSection";

/**
 * /account's attendance (issue 30): for each child's enrolment with marks, the share of classes
 * attended and each class's mark, newest first. Shown once an instructor has taken attendance.
 */
export function AttendanceSection({ attendance }: { attendance: AccountPageData["attendance"] }) {
  const { t } = useTranslation("teaching");
  return (
    <AccountSection id="attendance" title={t("account.heading")}>
      <p className="mt-2 text-slate-700">{t("account.intro")}</p>
      {attendance.map((enrolment) => (
        <section key={enrolment.code} aria-labelledby={`attendance-${enrolment.code}`} className="mt-5" data-attendance={enrolment.code}>
          <h3 id={`attendance-${enrolment.code}`} className="text-lg font-semibold text-slate-900">
            {t("account.childCourse", { child: enrolment.child, course: enrolment.course })}
          </h3>
          <Facts>
            <Fact label={t("account.code")}>
              <LtrValue>{enrolment.code}</LtrValue>
            </Fact>
          </Facts>
          {enrolment.rate !== null ? <p className="mt-1 font-medium text-slate-900">{t("account.rate", { rate: enrolment.rate })}</p> : null}
          <table className="mt-2 w-full border-collapse text-sm">
            <caption className="sr-only">{t("account.caption", { child: enrolment.child, course: enrolment.course })}</caption>
            <thead>
              <tr className="bg-slate-50">
                <th scope="col" className="border-b border-slate-200 px-2 py-1.5 text-start font-semibold text-slate-800">
                  {t("account.date")}
                </th>
                <th scope="col" className="border-b border-slate-200 px-2 py-1.5 text-start font-semibold text-slate-800">
                  {t("account.status")}
                </th>
              </tr>
            </thead>
            <tbody>
              {enrolment.marks.map((mark) => (
                <tr key={mark.meetingId}>
                  <td className="border-b border-slate-200 px-2 py-1.5">{mark.date}</td>
                  <td className="border-b border-slate-200 px-2 py-1.5">{t(`attendance.status.${mark.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </AccountSection>
  );
}
