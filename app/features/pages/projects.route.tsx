import { useTranslation } from "react-i18next";
import { PageMeta } from "~/ui/PageMeta";
import { langFromPath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { pageTexts } from "~/features/site/page-sections.server";
import { pageText } from "~/features/site/page-text";
import type { Route } from "./+types/projects.route";
import { publicPortfolio } from "~/features/portfolio/portfolio.server";
import { PublicPortfolio } from "~/features/portfolio/PublicPortfolio";
import { pickPair } from "~/i18n/localized";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const [texts, projects] = await Promise.all([pageTexts(context.db, ["projects"], lang), publicPortfolio(context.db)]);
  // The students' projects their families chose to show, photos cleared by consent only (decision 135).
  return { texts, projects: projects.map((project) => ({ ...project, course: project.course ? pickPair(project.course, lang) : null })) };
}

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

/** The one page the specification defines as a coming-soon image. */
export default function Projects({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const page = pageText(loaderData.texts, useLang());
  return (
    <main id="main" className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16">
      <PageMeta title={t("projects.metaTitle")} description={t("projects.metaDescription")} />
      <h1 className="sr-only" {...page.attrs("page.title")}>
        {page.text("page.title")}
      </h1>
      <img
        src="/images/pages/coming-soon.svg"
        alt={page.text("page.imageAlt")}
        {...page.attrs("page.imageAlt")}
        width={800}
        height={560}
        className="w-full max-w-3xl"
      />
      {loaderData.projects.length > 0 ? <PublicPortfolio projects={loaderData.projects} /> : null}
    </main>
  );
}
