import { useFieldArray, type FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { batchesFollowStart, deriveCampBatches } from "~/features/camp/batches";
import { getSiteSettings } from "~/features/site/site.server";
import { useLang } from "~/i18n/use-lang";
import { requireAdminPage } from "~/lib/page-guards.server";
import { Field, inputClass } from "~/ui/Field";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/camp.route";
import { idOr404Page } from "~/features/admin-kit/admin-http.server";
import { SaveButton } from "~/features/admin-kit/StaffForm";
import { useAdminForm } from "~/features/admin-kit/use-admin-form";
import { campFormSchema } from "./settings.schema";
import { setBatchesFromStartDate } from "./settings.api";
import { getAdminCamp } from "./settings.server";
import { BatchesWarning } from "./CampBatchesWarning";
import { BackArrow } from "~/ui/Bidi";
import { CurrencyOptions } from "~/ui/CurrencyOptions";
import { InstalmentRuleForm, type RuleAnswer } from "~/features/billing";
import { instalmentRuleAction, instalmentRuleOfOffer } from "~/features/billing/index.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdminPage(context, request, "admin");
  const [camp, { campStartDate }, instalmentCount] = await Promise.all([
    getAdminCamp(context.db, idOr404Page(params.id)),
    getSiteSettings(context.db),
    instalmentRuleOfOffer(context.db, "camp", idOr404Page(params.id)),
  ]);
  if (!camp) throw data(null, { status: 404 });
  // Decision 037: the batches should be the ones the season's start date gives.
  const followsStart = batchesFollowStart(camp.batches, campStartDate);
  return { camp, campStartDate, followsStart, derived: followsStart ? [] : deriveCampBatches(campStartDate), instalmentCount };
}

/** "Set batches from the start date", posted with or without JavaScript. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdminPage(context, request, "admin");
  const id = idOr404Page(params.id);
  const fields = await request.formData().catch(() => null);
  // The camp's instalment rule (decision 091) has its own form on this screen.
  if (fields?.get("intent") === "instalment-rule") return instalmentRuleAction({ request, params, context } as Route.ActionArgs, "camp", id, fields);
  if (!fields || fields.get("intent") !== "batches-from-start-date") throw data({ message: "Bad request." }, { status: 400 });
  const answer = await context.run(setBatchesFromStartDate, { input: {}, params: { id: String(id) }, lang: langFromPath(new URL(request.url).pathname) });
  const ok = answer.status >= 200 && answer.status < 300;
  return data({ ok, message: String(answer.body.message ?? "") }, { status: answer.status, headers: { "Cache-Control": "private, no-store" } });
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

type Ids = { id: string; describedBy: string | undefined; invalid: boolean };
// Text in a language other than the page's is marked, so screen readers switch voice.
const props = (ids: Ids, lang?: "en" | "ar") => ({
  id: ids.id,
  "aria-describedby": ids.describedBy,
  "aria-invalid": ids.invalid,
  className: inputClass,
  ...(lang ? { dir: lang === "ar" ? ("rtl" as const) : ("ltr" as const), lang } : {}),
});
const msg = (error: FieldError | undefined | { message?: string }) => error?.message;

/** The structured editor of one summer camp (everything the public page and the enrolment form use). */
// A fresh form for each record: client navigation from one to the next keeps the route mounted.
// Keyed by the batches too: setting them from the start date reloads the record into a fresh form.
export default function CampEditorPage(props: Route.ComponentProps) {
  const { camp } = props.loaderData;
  return <CampEditor key={`${camp.id}:${JSON.stringify(camp.batches)}`} {...props} />;
}

function CampEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const posted = useActionData<typeof action>();
  const ruleAnswer = posted && "form" in posted ? (posted as RuleAnswer) : null;
  const lang = useLang();
  const { id, slug: _slug, ...initial } = loaderData.camp;
  const form = useAdminForm({
    id: "camp",
    schema: campFormSchema,
    defaults: initial,
    request: (values) => ({ method: "PUT", path: `/api/admin/camps/${id}`, body: values }),
    saved: t("camps.saved"),
  });
  const { register, control } = form.methods;
  const errors = form.methods.formState.errors;
  const features = useFieldArray({ control, name: "features" });
  const batches = useFieldArray({ control, name: "batches" });

  const pairFields = (name: "title" | "grades" | "duration", label: string) => (
    <>
      <Field label={`${label} (${t("form.english")})`} error={msg(errors[name]?.en)}>
        {(ids) => <input type="text" {...props(ids, "en")} {...register(`${name}.en`)} />}
      </Field>
      <Field label={`${label} (${t("form.arabic")})`} error={msg(errors[name]?.ar)}>
        {(ids) => <input type="text" {...props(ids, "ar")} {...register(`${name}.ar`)} />}
      </Field>
    </>
  );
  const smallButton = "rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50 disabled:opacity-40";

  return (
    <div className="space-y-6">
      <PageMeta title={`${t("camps.edit")}: ${loaderData.camp.title.en}`} description={t("settings.campsTitle")} />
      <LocalLink to="/admin/settings" className="text-sm font-medium text-indigo-700 hover:underline">
        <BackArrow /> {t("camps.back")}
      </LocalLink>
      <h1 className="text-2xl font-bold text-slate-900">
        {t("camps.edit")}: {lang === "ar" ? loaderData.camp.title.ar : loaderData.camp.title.en}
      </h1>
      <BatchesWarning loaderData={loaderData} />
      <form {...form.formProps} className="space-y-6">
        <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold">{t("camps.title")}</legend>
          {pairFields("title", t("camps.title"))}
          {pairFields("grades", t("camps.grades"))}
          {pairFields("duration", t("camps.duration"))}
          <Field label={t("camps.price")} error={msg(errors.price)}>
            {(ids) => <input type="number" min={0} {...props(ids)} {...register("price", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("camps.currency")} error={msg(errors.currency)}>
            {(ids) => (
              <select {...props(ids)} {...register("currency")}>
                <CurrencyOptions />
              </select>
            )}
          </Field>
          <Field label={t("camps.oldPrice")} error={msg(errors.oldPrice)}>
            {(ids) => <input type="number" min={0} {...props(ids)} {...register("oldPrice", { valueAsNumber: true })} />}
          </Field>
          <Field label={t("camps.discount")} error={msg(errors.discount)}>
            {(ids) => <input type="number" min={0} max={100} {...props(ids)} {...register("discount", { valueAsNumber: true })} />}
          </Field>
        </fieldset>

        <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-lg font-semibold">{t("camps.features")}</legend>
          {features.fields.map((field, i) => (
            <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
              <Field label={`${t("camps.feature", { n: i + 1 })} (${t("form.english")})`} error={msg(errors.features?.[i]?.en)}>
                {(ids) => <input type="text" {...props(ids, "en")} {...register(`features.${i}.en`)} />}
              </Field>
              <Field label={`${t("camps.feature", { n: i + 1 })} (${t("form.arabic")})`} error={msg(errors.features?.[i]?.ar)}>
                {(ids) => <input type="text" {...props(ids, "ar")} {...register(`features.${i}.ar`)} />}
              </Field>
              <div className="flex gap-1 pb-1">
                <button
                  type="button"
                  className={smallButton}
                  disabled={i === 0}
                  onClick={() => features.move(i, i - 1)}
                  aria-label={`${t("form.moveUp")}: ${t("camps.feature", { n: i + 1 })}`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={i === features.fields.length - 1}
                  onClick={() => features.move(i, i + 1)}
                  aria-label={`${t("form.moveDown")}: ${t("camps.feature", { n: i + 1 })}`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => features.remove(i)}
                  aria-label={`${t("form.remove")}: ${t("camps.feature", { n: i + 1 })}`}
                >
                  ✕
                </button>
              </div>
            </div>
          ))}
          <button type="button" className={smallButton} onClick={() => features.append({ en: "", ar: "" })} disabled={features.fields.length >= 20}>
            + {t("camps.addFeature")}
          </button>
        </fieldset>

        <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-lg font-semibold">{t("camps.batches")}</legend>
          {msg(errors.batches?.root ?? (errors.batches as { message?: string } | undefined)) ? (
            <p role="alert" className="text-sm text-red-700">
              {t(`validation:${msg(errors.batches?.root ?? (errors.batches as { message?: string }))}`)}
            </p>
          ) : null}
          {batches.fields.map((field, i) => (
            <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
              <Field label={`${t("camps.batch", { n: i + 1 })}: ${t("camps.batchValue")}`} error={msg(errors.batches?.[i]?.value)}>
                {(ids) => <input type="text" {...props(ids, "en")} {...register(`batches.${i}.value`)} />}
              </Field>
              <Field label={`${t("camps.batch", { n: i + 1 })} (${t("form.english")})`} error={msg(errors.batches?.[i]?.en)}>
                {(ids) => <input type="text" {...props(ids, "en")} {...register(`batches.${i}.en`)} />}
              </Field>
              <Field label={`${t("camps.batch", { n: i + 1 })} (${t("form.arabic")})`} error={msg(errors.batches?.[i]?.ar)}>
                {(ids) => <input type="text" {...props(ids, "ar")} {...register(`batches.${i}.ar`)} />}
              </Field>
              <button
                type="button"
                className={`${smallButton} mb-1`}
                onClick={() => batches.remove(i)}
                disabled={batches.fields.length <= 1}
                aria-label={`${t("form.remove")}: ${t("camps.batch", { n: i + 1 })}`}
              >
                ✕
              </button>
            </div>
          ))}
          <button type="button" className={smallButton} onClick={() => batches.append({ value: "", en: "", ar: "" })} disabled={batches.fields.length >= 10}>
            + {t("camps.addBatch")}
          </button>
        </fieldset>

        <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-lg font-semibold">{t("camps.curriculum")}</legend>
          {Array.from({ length: 10 }, (_, i) => (
            <details key={i} className="rounded-md border border-slate-200 p-3" open={Boolean(errors.curriculum?.[i])}>
              <summary className="cursor-pointer font-medium">{t("camps.session", { n: i + 1 })}</summary>
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                {(["topic", "activities", "outcome"] as const).map((part) => (
                  <div key={part} className="contents">
                    <Field label={`${t(`camps.${part}`)} (${t("form.english")})`} error={msg(errors.curriculum?.[i]?.[part]?.en)}>
                      {(ids) => <textarea rows={part === "topic" ? 1 : 2} {...props(ids, "en")} {...register(`curriculum.${i}.${part}.en`)} />}
                    </Field>
                    <Field label={`${t(`camps.${part}`)} (${t("form.arabic")})`} error={msg(errors.curriculum?.[i]?.[part]?.ar)}>
                      {(ids) => <textarea rows={part === "topic" ? 1 : 2} {...props(ids, "ar")} {...register(`curriculum.${i}.${part}.ar`)} />}
                    </Field>
                  </div>
                ))}
              </div>
            </details>
          ))}
        </fieldset>

        <SaveButton pending={form.pending} />
      </form>
      <InstalmentRuleForm count={loaderData.instalmentCount} answer={ruleAnswer} />
    </div>
  );
}
