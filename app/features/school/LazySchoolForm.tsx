import { lazy, Suspense } from "react";

const SchoolForm = lazy(() => import("./SchoolForm").then((module) => ({ default: module.SchoolForm })));

/**
 * The school form at the foot of the home page: the server renders it inline and
 * the browser fetches its code (with the validation libraries) while hydrating, off the critical path.
 */
export function LazySchoolForm() {
  return (
    <Suspense fallback={null}>
      <SchoolForm />
    </Suspense>
  );
}
