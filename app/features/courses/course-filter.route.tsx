import { useTranslation } from "react-i18next";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/course-filter.route";
import { AgeGroupSelect } from "./AgeGroupSelect";
import { catalogueFor } from "./catalogue.server";
import { CatalogueResults } from "./CourseResults";
import { NoScriptSubmit } from "./AgeGroupSelect";
import { catalogueShouldRevalidate, useAgeFilter } from "./use-age-filter";

export function loader({ request, context }: Route.LoaderArgs) {
  return catalogueFor(context.db, new URL(request.url));
}

export const shouldRevalidate = catalogueShouldRevalidate;

// No React for visitors who are not signed in: the sentence's select is a GET form the script swaps in place (decision 055).
export const handle = { hydrate: false };

/** "My child is in the [select] age group." (original-site-facts.md), then the matching courses. */
export default function CourseFilter({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("courses");
  const { age, state, choose } = useAgeFilter(loaderData);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-12">
      <PageMeta title={t("courseFilter.metaTitle")} description={t("courseFilter.metaDescription")} />
      <h1 className="text-center text-4xl font-extrabold text-slate-900">{t("courseFilter.title")}</h1>
      <form method="get" data-swap-form="" className="mt-6 flex flex-wrap items-center justify-center gap-3 text-xl text-slate-800">
        <span id="age-sentence-before">{t("courseFilter.before")}</span>
        <AgeGroupSelect
          id="age-sentence-select"
          name="age"
          value={age}
          onChange={choose}
          aria-labelledby="age-sentence-before age-sentence-after"
          className="rounded-lg border-2 border-indigo-600 bg-white px-3 py-2 text-lg font-semibold text-indigo-700 focus:outline-none focus:ring-2 focus:ring-indigo-600/40"
        />
        <span id="age-sentence-after">{t("courseFilter.after")}</span>
        <NoScriptSubmit />
      </form>
      <CatalogueResults state={state} className="mt-10" />
    </main>
  );
}
