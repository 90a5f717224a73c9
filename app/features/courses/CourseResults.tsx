import { useTranslation } from "react-i18next";
import { SwapRegion } from "~/ui/SwapRegion";
import { CourseCard } from "./CourseCard";
import type { CatalogueState } from "./use-age-filter";

/**
 * The catalogue's results as a region the enhancement script swaps when the age preset changes on
 * a page without React (its loading logo and failure alert as templates; decision 055).
 */
export function CatalogueResults({ state, className }: { state: CatalogueState; className?: string }) {
  return (
    <SwapRegion
      id="course-results"
      className={className}
      loading={<CourseResults state={{ status: "loading" }} />}
      failed={<CourseResults state={{ status: "failed" }} />}
    >
      <CourseResults state={state} />
    </SwapRegion>
  );
}

/** The catalogue grid with its loading logo, failure alert and empty state. */
export function CourseResults({ state }: { state: CatalogueState }) {
  const { t } = useTranslation("courses");
  if (state.status === "loading") {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-700">
        <img src="/images/logo.svg" alt="" width={64} height={64} className="motion-safe:animate-pulse" />
        <span>{t("catalogue.loading")}</span>
      </div>
    );
  }
  if (state.status === "failed") {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-5 py-4 text-red-800">
        {t("catalogue.failed")}
      </p>
    );
  }
  // Screen readers hear how many courses the new choice found.
  const count = (
    <p role="status" className="sr-only">
      {t("catalogue.count", { count: state.courses.length })}
    </p>
  );
  if (state.courses.length === 0) {
    return (
      <>
        {count}
        <p className="rounded-xl bg-slate-50 px-5 py-10 text-center text-lg text-slate-700">{t("catalogue.empty")}</p>
      </>
    );
  }
  return (
    <>
      {count}
      {/* The cards' h3 titles need a level-2 heading between them and the page's h1. The section
          carries the name: screen readers often skip a list's own (issue 28). */}
      <section aria-labelledby="course-results-title">
        <h2 id="course-results-title" className="sr-only">
          {t("catalogue.results")}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {state.courses.map((course, index) => (
            <li key={course._id} className="flex">
              <CourseCard course={course} first={index === 0} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
