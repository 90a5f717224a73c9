import { useTranslation } from "react-i18next";
import { Form, useActionData, useNavigation } from "react-router";
import { formatCampDate } from "~/features/camp/camp";
import { useLang } from "~/i18n/use-lang";
import type { Route } from "./+types/camp.route";
import type { action } from "./camp.route";

/** The warning (and its one-button form) shown when the batches are not the start date's. */
export function BatchesWarning({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const posted = useActionData<typeof action>();
  const answer = posted && !("form" in posted) ? posted : undefined;
  const pending = useNavigation().formData?.get("intent") === "batches-from-start-date";
  if (loaderData.followsStart) {
    return answer?.ok ? (
      <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
        {answer.message}
      </p>
    ) : null;
  }
  const batches = loaderData.derived.map((batch) => (lang === "ar" ? batch.ar : batch.value));
  return (
    <section aria-labelledby="batches-off-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="batches-off-title" className="mb-1 text-lg font-semibold text-amber-950">
        {t("camps.batchesOffTitle")}
      </h2>
      <p className="text-sm text-amber-950">
        {t("camps.batchesOffText", { date: formatCampDate(loaderData.campStartDate, lang), batches: batches.join(lang === "ar" ? "، " : "; ") })}{" "}
        {t("camps.batchesKeep")}
      </p>
      {answer && !answer.ok ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {answer.message}
        </p>
      ) : null}
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="batches-from-start-date" />
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-amber-800 px-3 py-2 text-sm font-semibold text-white hover:bg-amber-900 disabled:opacity-60"
        >
          {t("camps.batchesFromStart")}
        </button>
      </Form>
    </section>
  );
}
