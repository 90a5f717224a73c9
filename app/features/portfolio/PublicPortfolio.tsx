import { useTranslation } from "react-i18next";
import { PortfolioPhotos } from "./PortfolioPhotos";

interface PublicProject {
  id: number;
  title: string;
  note: string;
  link: string;
  course: string | null;
  photos: { id: number; width: number; height: number; widths: number[] }[];
}

/**
 * The projects page's section of students' work (decision 135): projects their families chose to
 * show, with only the photos in which every child has the media release; no child's name.
 */
export function PublicPortfolio({ projects }: { projects: PublicProject[] }) {
  const { t } = useTranslation("portfolio");
  return (
    <section aria-labelledby="student-projects-heading" className="mt-10 w-full">
      <h2 id="student-projects-heading" className="text-2xl font-bold text-slate-900">
        {t("public.heading")}
      </h2>
      <p className="mt-1 text-slate-700">{t("public.intro")}</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {projects.map((project) => (
          <li key={project.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">{project.title}</h3>
            {project.course ? <p className="text-sm text-slate-700">{project.course}</p> : null}
            {project.note ? (
              <p dir="auto" className="mt-1 whitespace-pre-line text-slate-800">
                {project.note}
              </p>
            ) : null}
            <PortfolioPhotos photos={project.photos} title={project.title} altKey="roster.photoAlt" />
            {project.link ? (
              <p className="mt-2">
                <a href={project.link} rel="noopener noreferrer nofollow ugc" className="font-medium text-indigo-700 underline">
                  {t("public.openLink")}
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
