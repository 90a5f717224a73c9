import { useTranslation } from "react-i18next";
import type { FormState } from "~/lib/forms/form-state";
import { useServedState } from "~/lib/forms/served-state";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { AdminRouteError } from "~/features/admin-kit/AdminError";
import { IMAGE_ACCEPT } from "~/features/media/upload-client";
import { TaughtGroupHeader } from "~/features/teaching/TaughtGroupHeader";
import type { Route } from "./+types/teaching-portfolio.route";
import { PortfolioPhotos } from "./PortfolioPhotos";
import { VIDEO_ACCEPT } from "./photo-urls";
import { ProjectFields } from "./ProjectFields";
import { PORTFOLIO_FORMS } from "./portfolio-forms";
import { teachingPortfolioAction, teachingPortfolioData, type TeachingPortfolioData } from "./portfolio-pages.server";

export const loader = ({ request, context, params }: Route.LoaderArgs) => teachingPortfolioData(context, request, params.id);
/** The forms post here (multipart) without JavaScript: the teaching pages ship none (decision 074). */
export const action = teachingPortfolioAction;

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

const button = "min-h-12 w-full rounded-lg bg-indigo-700 px-4 py-3 text-lg font-semibold text-white hover:bg-indigo-800 sm:w-auto";
const card = "space-y-3 rounded-xl border border-slate-300 bg-white p-3";

type Roster = TeachingPortfolioData["roster"];

/** The photo and who is in it: every child of the roster a box, the media release said beside each name. */
function PhotoFields({ roster, served, checked }: { roster: Roster; served?: FormState; checked: string[] }) {
  const { t } = useTranslation("portfolio");
  const servedTicks = served?.values.inPhoto;
  const ticked = servedTicks !== undefined ? servedTicks.split(",") : checked;
  return (
    <>
      <Field label={t("roster.photo")} hint={t("roster.photoHint")} error={served?.errors.file}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="file"
            name="file"
            accept={`${IMAGE_ACCEPT},${VIDEO_ACCEPT}`}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className="block w-full text-sm"
          />
        )}
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("roster.inPhoto")}</legend>
        {served?.errors.inPhoto ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {served.errors.inPhoto}
          </p>
        ) : null}
        <ul className="mt-1 grid gap-1 sm:grid-cols-2">
          {roster.map((child) => (
            <li key={child.enrolmentId}>
              <label className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 px-2 text-slate-900">
                <input
                  type="checkbox"
                  name="inPhoto"
                  value={child.enrolmentId}
                  defaultChecked={ticked.includes(String(child.enrolmentId))}
                  className="size-5 shrink-0 accent-indigo-700"
                />
                <span>
                  {child.childName}
                  {child.mediaConsent ? null : <span className="ms-1 text-sm text-amber-900">({t("roster.noConsent")})</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </>
  );
}

/**
 * /teaching/sections/:id/portfolio (and /ar/...): add a child's project from the group's roster
 * (decision 135), phone first; then the group's projects, each with its photos and a form for one
 * more. Plain multipart forms: the same page with and without JavaScript.
 */
export default function TeachingPortfolioPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("portfolio");
  const { section, roster, projects, tooLargeMb } = loaderData;
  const served = useServedState(PORTFOLIO_FORMS.newProject);
  const chosen = served?.values.enrolmentId ?? "";
  return (
    <div className="space-y-5">
      <TaughtGroupHeader
        title={`${section.course} · ${t("roster.title")}`}
        description={t("roster.description")}
        back={t("roster.back")}
        heading={t("roster.heading", { course: section.course })}
      >
        <p className="mt-1 text-slate-800">{t("roster.intro")}</p>
      </TaughtGroupHeader>
      {tooLargeMb !== null ? <FormAlert message={t("roster.tooLarge", { mb: tooLargeMb })} /> : null}
      {roster.length === 0 ? (
        <p className="text-slate-700">{t("roster.none")}</p>
      ) : (
        <form method="post" encType="multipart/form-data" id={PORTFOLIO_FORMS.newProject} className={card} aria-labelledby="new-project-heading">
          <input type="hidden" name="form" value={PORTFOLIO_FORMS.newProject} />
          <h2 id="new-project-heading" className="text-xl font-semibold text-slate-900">
            {t("roster.newHeading")}
          </h2>
          <FormAlert message={served && Object.keys(served.errors).length === 0 ? served.message : undefined} />
          <Field label={t("roster.child")} error={served?.errors.enrolmentId}>
            {({ id, describedBy, invalid }) => (
              <select id={id} name="enrolmentId" required defaultValue={chosen} aria-describedby={describedBy} aria-invalid={invalid} className={inputClass}>
                <option value="" disabled>
                  {t("roster.child")}
                </option>
                {roster.map((child) => (
                  <option key={child.enrolmentId} value={child.enrolmentId}>
                    {child.childName}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <ProjectFields served={served} />
          <PhotoFields roster={roster} served={served} checked={chosen ? [chosen] : []} />
          <button type="submit" className={button}>
            {t("roster.add")}
          </button>
        </form>
      )}
      <section aria-labelledby="projects-heading" className="space-y-3">
        <h2 id="projects-heading" className="text-xl font-semibold text-slate-900">
          {t("roster.projects")}
        </h2>
        {projects.length === 0 ? <p className="text-slate-700">{t("roster.noProjects")}</p> : null}
        <ul className="space-y-3">
          {projects.map((project) => (
            <ProjectCard key={project.id} project={project} roster={roster} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function ProjectCard({ project, roster }: { project: TeachingPortfolioData["projects"][number]; roster: Roster }) {
  const { t } = useTranslation("portfolio");
  const formId = PORTFOLIO_FORMS.photo(project.id);
  const served = useServedState(formId);
  const headingId = `project-${project.id}`;
  const own = roster.find((child) => child.enrolmentId === project.enrolmentId);
  return (
    <li className={card} data-project={project.title}>
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {t("account.project", { child: project.childName, title: project.title })}
      </h3>
      {project.note ? (
        <p dir="auto" className="whitespace-pre-line text-slate-800">
          {project.note}
        </p>
      ) : null}
      {project.link ? (
        <p>
          <a href={project.link} rel="noopener noreferrer nofollow" className="break-all font-medium text-indigo-800 underline">
            {t("roster.openLink")}
          </a>
        </p>
      ) : null}
      {project.byFamily ? <p className="text-sm text-slate-700">{t("roster.byFamily")}</p> : null}
      {project.public ? <p className="text-sm text-emerald-900">{t("roster.public")}</p> : null}
      {project.photos.some((photo) => photo.restricted) ? <p className="text-sm text-amber-900">{t("roster.restricted")}</p> : null}
      <PortfolioPhotos photos={project.photos} title={project.title} />
      {project.photos.length < 6 ? (
        <details className="rounded-lg border border-dashed border-slate-300 p-2" open={served !== undefined}>
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-indigo-800">{t("roster.addPhoto")}</summary>
          <form
            method="post"
            encType="multipart/form-data"
            id={formId}
            className="mt-2 space-y-3"
            aria-label={t("roster.addPhotoHeading", { title: project.title })}
          >
            <input type="hidden" name="form" value={formId} />
            <FormAlert message={served && Object.keys(served.errors).length === 0 ? served.message : undefined} />
            <PhotoFields roster={roster} served={served} checked={own ? [String(own.enrolmentId)] : []} />
            <button type="submit" className={button}>
              {t("roster.addPhoto")}
            </button>
          </form>
        </details>
      ) : null}
    </li>
  );
}
