import { useTranslation } from "react-i18next";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/courses.route";
import { AgeGroupSelect } from "./AgeGroupSelect";
import { catalogueFor } from "./catalogue.server";
import { CatalogueResults } from "./CourseResults";
import { SwapRegion } from "~/ui/SwapRegion";
import { NoScriptSubmit } from "./AgeGroupSelect";
import { ChildAgeForm } from "./ChildAgeForm";
import { LocalLink } from "~/ui/LocalLink";
import { catalogueShouldRevalidate, useAgeFilter } from "./use-age-filter";

export function loader({ request, context }: Route.LoaderArgs) {
  return catalogueFor(context.db, new URL(request.url));
}

export const shouldRevalidate = catalogueShouldRevalidate;

// No React for visitors who are not signed in: the preset is a GET form the script swaps in place (decision 055).
export const handle = { hydrate: false };

/** The course catalogue with its age filter (specification section 2). */
export default function Courses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("courses");
  const { age, childAge, state, choose } = useAgeFilter(loaderData);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-12">
      <PageMeta title={t("catalogue.metaTitle")} description={t("catalogue.metaDescription")} />
      <h1 className="text-4xl font-extrabold text-slate-900">{t("catalogue.title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t("catalogue.intro")}</p>
      <form method="get" data-swap-form="" className="mt-8 flex flex-wrap items-center gap-3">
        <label htmlFor="age-filter" className="font-semibold text-slate-800">
          {t("catalogue.filterLabel")}
        </label>
        <AgeGroupSelect id="age-filter" name="age" value={age} onChange={choose} />
        <NoScriptSubmit />
      </form>
      <SwapRegion id="child-age-region">
        <div className="mt-4">
          <ChildAgeForm childAge={childAge} />
        </div>
        {childAge !== null ? (
          <p className="mt-4 font-medium text-slate-800">
            {t("childAge.showing", { age: childAge })}{" "}
            <LocalLink to="/courses" className="text-indigo-700 underline">
              {t("childAge.clear")}
            </LocalLink>
          </p>
        ) : null}
      </SwapRegion>
      <CatalogueResults state={state} className="mt-8" />
    </main>
  );
}
