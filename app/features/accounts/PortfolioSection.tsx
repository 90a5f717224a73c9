import { useTranslation } from "react-i18next";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { LocalLink } from "~/ui/LocalLink";
import { PortfolioPhotos } from "~/features/portfolio/PortfolioPhotos";
import { PORTFOLIO_FORMS } from "~/features/portfolio/portfolio-forms";
import type { AccountPageData } from "./account-page.server";
import { AccountSection, accountButtonClass } from "./AccountSection";

/**
 * /account's projects (issue 44, decision 135), beside the levels: each child's projects with the
 * photos the family may see, and a plain form per project to show it on the website or stop.
 */
export function PortfolioSection({ portfolio }: { portfolio: AccountPageData["portfolio"] }) {
  const { t } = useTranslation("portfolio");
  const lang = useLang();
  return (
    <AccountSection id="projects" title={t("account.heading")}>
      <p className="mt-2 text-slate-700">{t("account.intro")}</p>
      {portfolio.familyUploads ? (
        <LocalLink to="/account/portfolio" className="mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("account.add")}
        </LocalLink>
      ) : null}
      <ul className="mt-3 space-y-4">
        {portfolio.projects.map((project) => (
          <li key={project.id} className="rounded-lg border border-slate-200 p-3" data-project={project.title}>
            <h3 className="font-semibold text-slate-900">{t("account.project", { child: project.childName, title: project.title })}</h3>
            {project.course ? <p className="text-sm text-slate-700">{t("account.course", { course: project.course })}</p> : null}
            {project.note ? (
              <p dir="auto" className="mt-1 whitespace-pre-line text-slate-800">
                {project.note}
              </p>
            ) : null}
            {project.link ? (
              <p className="mt-1">
                <a href={project.link} rel="noopener noreferrer nofollow" className="font-medium text-indigo-700 underline">
                  {t("account.openLink")}
                </a>
              </p>
            ) : null}
            {project.photos.length > 0 ? (
              <PortfolioPhotos photos={project.photos} title={project.title} />
            ) : (
              <p className="mt-1 text-sm text-slate-600">{t("account.noPhotos")}</p>
            )}
            {project.public ? <p className="mt-2 text-sm text-emerald-900">{t("account.shown")}</p> : null}
            <form method="post" action={localizePath("/account", lang)} className="mt-2">
              <input type="hidden" name="form" value={PORTFOLIO_FORMS.show} />
              <input type="hidden" name="projectId" value={project.id} />
              <input type="hidden" name="public" value={project.public ? "0" : "1"} />
              <button type="submit" className={accountButtonClass}>
                {project.public ? t("account.hide") : t("account.show")}
              </button>
            </form>
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}
