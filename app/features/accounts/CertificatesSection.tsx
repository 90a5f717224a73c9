import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { AccountSection } from "./AccountSection";
import type { AccountCertificate } from "./account-space.server";

const link = "font-medium text-indigo-700 underline hover:text-indigo-900";

/** /account's certificates of completion (issue 30, decision 080): each one's PDF while valid, and its public check. */
export function CertificatesSection({ certificates }: { certificates: AccountCertificate[] }) {
  const { t } = useTranslation("certificates");
  return (
    <AccountSection id="certificates" title={t("account.heading")}>
      <p className="mt-2 text-slate-700">{t("account.intro")}</p>
      <ul className="mt-3 space-y-3">
        {certificates.map((c) => (
          <li key={c.id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-semibold text-slate-900">{t("account.line", { child: c.childName, course: c.courseName, date: c.issuedLabel })}</p>
            <p className="text-sm text-slate-700">
              <span dir="ltr" className="font-mono">
                {c.code}
              </span>
              {c.revokedLabel ? <strong className="ms-2 text-red-800">{t("account.revoked", { date: c.revokedLabel })}</strong> : null}
            </p>
            <p className="mt-1 flex flex-wrap gap-4">
              {c.pdfUrl ? (
                <a href={c.pdfUrl} download aria-label={t("account.downloadFor", { child: c.childName, course: c.courseName })} className={link}>
                  {t("account.download")}
                </a>
              ) : null}
              <LocalLink to={c.verifyUrl} className={link}>
                {t("account.check")}
              </LocalLink>
            </p>
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}
