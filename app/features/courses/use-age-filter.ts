import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { ageGroupFrom, childAgeFrom, type AgeGroup } from "./age-groups";
import type { Course } from "./course";

export type CatalogueState = { status: "ready"; courses: Course[] } | { status: "loading" } | { status: "failed" };

/**
 * The age filter of the catalogue pages. The chosen group lives in the URL (`?age=6-12`), so it
 * survives reload and sharing; the server renders the first list, and every later choice
 * (including back and forward) fetches `GET /admin/course-dashboard/all-courses` in the browser.
 */
export function useAgeFilter(initial: { age: AgeGroup | null; childAge: number | null; courses: Course[] }) {
  const lang = useLang();
  const [searchParams, setSearchParams] = useSearchParams();
  // One filter at a time: a child's age (`?childAge=8`, from a GET form) wins over a preset.
  const childAge = childAgeFrom(searchParams.get("childAge"));
  const age = childAge === null ? ageGroupFrom(searchParams.get("age")) : null;
  const key = `${age}|${childAge}`;
  const [result, setResult] = useState({ key: `${initial.age}|${initial.childAge}`, courses: initial.courses });
  const [failedKey, setFailedKey] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (key === result.key) return;
    const controller = new AbortController();
    const query = new URLSearchParams({ lang, ...(age ? { age } : {}), ...(childAge !== null ? { childAge: String(childAge) } : {}) });
    apiRequest<{ courses?: unknown }>("GET", `/admin/course-dashboard/all-courses?${query}`, { lang, signal: controller.signal })
      .then((response) => {
        const courses = response.data?.courses;
        if (!response.ok || !Array.isArray(courses)) throw new Error(`status ${response.status}`);
        setResult({ key, courses: courses as Course[] });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailedKey(key);
      });
    return () => controller.abort();
  }, [key, age, childAge, lang, result.key]);

  const state: CatalogueState =
    key === result.key ? { status: "ready", courses: result.courses } : failedKey === key ? { status: "failed" } : { status: "loading" };

  const choose = (value: string) => {
    const next = ageGroupFrom(value);
    setFailedKey(undefined);
    setSearchParams(next ? { age: next } : {}, { preventScrollReset: true });
  };

  return { age, childAge, state, choose };
}

/**
 * Changing the filter only changes `?age=`; the page then fetches the API in the browser
 * (specification section 2), so the loader runs again only when the path changes.
 */
export function catalogueShouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
