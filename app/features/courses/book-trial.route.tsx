import { useTranslation } from "react-i18next";
import { langFromPath, textLangAttrs } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/book-trial.route";
import { listCourses } from "./courses.server";

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const courses = await listCourses(context.db, langFromPath(new URL(request.url).pathname));
  return { courses: courses.map((course) => ({ slug: course.slug, name: course.courseName, lang: course.lang, ages: course.ageGroup })) };
}

/**
 * /book-trial: the home page's primary button (issue 42, step 11; decision 115). A free trial class
 * is booked for one course, so the step before the booking calendar is choosing the course: each
 * is a link straight to its booking page.
 */
export default function BookTrial({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("courses");
  const { t: tc } = useTranslation();
  const lang = useLang();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <PageMeta title={t("trial.metaTitle")} description={t("trial.intro")} />
      <h1 className="text-3xl font-extrabold text-slate-900">{t("trial.title")}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("trial.intro")}</p>
      <ul className="mt-6 space-y-3">
        {loaderData.courses.map((course) => (
          <li key={course.slug}>
            <LocalLink
              to={`/courses/${course.slug}/bookdemoclass`}
              className="flex items-center justify-between gap-3 rounded-xl border border-slate-300 bg-white p-4 hover:border-indigo-500 hover:bg-indigo-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <span className="min-w-0">
                <span className="block font-bold text-indigo-800" {...textLangAttrs(course.lang, lang)}>
                  {course.name}
                </span>
                <span className="block text-sm text-slate-700">{tc("course.ageRange", { min: course.ages.min, max: course.ages.max })}</span>
              </span>
              <span className="shrink-0 text-sm font-semibold text-indigo-700">
                {t("trial.choose")}{" "}
                <span aria-hidden="true" className="flip-rtl inline-block">
                  →
                </span>
              </span>
            </LocalLink>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-slate-700">
        <LocalLink to="/courses" className="font-semibold text-indigo-700 underline">
          {t("trial.compare")}
        </LocalLink>
      </p>
    </main>
  );
}
