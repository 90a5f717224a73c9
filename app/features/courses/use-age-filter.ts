import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { ageGroupFrom, type AgeGroup } from "./age-groups";
import type { Course } from "./course";

export type CatalogueState =
  | { status: "ready"; courses: Course[] }
  | { status: "loading" }
  | { status: "failed" };

/**
 * The age filter of the catalogue pages. The chosen group lives in the URL (`?age=6-12`), so it
 * survives reload and sharing; the server renders the first list, and every later choice
 * (including back and forward) fetches `GET /admin/course-dashboard/all-courses` in the browser.
 */
export function useAgeFilter(initial: { age: AgeGroup | null; courses: Course[] }) {
  const lang = useLang();
  const [searchParams, setSearchParams] = useSearchParams();
  const age = ageGroupFrom(searchParams.get("age"));
  const [result, setResult] = useState(initial);
  const [failedAge, setFailedAge] = useState<AgeGroup | null | undefined>(undefined);

  useEffect(() => {
    if (age === result.age) return;
    const controller = new AbortController();
    const query = new URLSearchParams({ lang, ...(age ? { age } : {}) });
    apiRequest<{ courses?: unknown }>("GET", `/admin/course-dashboard/all-courses?${query}`, { lang, signal: controller.signal })
      .then((response) => {
        const courses = response.data?.courses;
        if (!response.ok || !Array.isArray(courses)) throw new Error(`status ${response.status}`);
        setResult({ age, courses: courses as Course[] });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailedAge(age);
      });
    return () => controller.abort();
  }, [age, lang, result.age]);

  const state: CatalogueState =
    age === result.age ? { status: "ready", courses: result.courses } : failedAge === age ? { status: "failed" } : { status: "loading" };

  const choose = (value: string) => {
    const next = ageGroupFrom(value);
    setFailedAge(undefined);
    setSearchParams(next ? { age: next } : {}, { preventScrollReset: true });
  };

  return { age, state, choose };
}

/**
 * Changing the filter only changes `?age=`; the page then fetches the API in the browser
 * (specification section 2), so the loader runs again only when the path changes.
 */
export function catalogueShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: { currentUrl: URL; nextUrl: URL; defaultShouldRevalidate: boolean }) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
