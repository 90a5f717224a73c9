import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { formatMoney } from "~/lib/money";
import { useLang } from "~/i18n/use-lang";
import type { AudienceOptions } from "./broadcasts.server";
import type { BroadcastFormState } from "./broadcasts-page.server";

interface Props {
  audiences: AudienceOptions;
  zone: string;
  /** This render's idempotency key: the same form posted twice stores one broadcast. */
  formKey: string;
  /** The preview, or the refused post, rendered back (with the values typed). */
  state: BroadcastFormState | undefined;
}

/**
 * A broadcast (decision 134): one audience, its category, the text in both languages, an optional
 * time; "Preview" shows it as families will read it with who it reaches and its estimated cost,
 * "Send broadcast" sends or schedules it. A plain form: both buttons post without JavaScript.
 */
export function BroadcastForm({ audiences, zone, formKey, state }: Props) {
  const { t } = useTranslation("messaging");
  const lang = useLang();
  const mine = state?.form === "broadcast" ? state : undefined;
  const values = mine?.values ?? {};
  const errors = mine?.errors ?? {};
  const preview = mine?.preview;
  const categoryError = errors.category;
  return (
    <section aria-labelledby="broadcast-new-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="broadcast-new-heading" className="text-xl font-bold text-slate-900">
        {t("broadcasts.new")}
      </h2>
      {/* A new key per render of the page's data: after a send the form starts empty. */}
      <Form method="post" key={formKey} className="mt-3 space-y-4">
        <input type="hidden" name="idempotencyKey" value={values.idempotencyKey ?? formKey} />
        <FormAlert message={mine?.message} />
        <Field label={t("broadcasts.audience")} error={errors.audience ?? errors.audienceId ?? errors.campSession}>
          {(ids) => (
            <select
              id={ids.id}
              name="audience"
              defaultValue={values.audience ?? "all"}
              aria-describedby={ids.describedBy}
              aria-invalid={ids.invalid || undefined}
              className={inputClass}
            >
              <option value="all">{t("broadcasts.all")}</option>
              {/* Only the kinds that have something to choose (an empty group of options is no choice). */}
              {audiences.sections.length > 0 ? (
                <optgroup label={t("broadcasts.sections")}>
                  {audiences.sections.map((option) => (
                    <option key={option.id} value={`section:${option.id}`}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {audiences.courses.length > 0 ? (
                <optgroup label={t("broadcasts.courses")}>
                  {audiences.courses.map((option) => (
                    <option key={option.id} value={`course:${option.id}`}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {audiences.camps.length > 0 ? (
                <optgroup label={t("broadcasts.camps")}>
                  {audiences.camps.map((option) => (
                    <option key={`${option.id}:${option.session}`} value={`camp:${option.id}:${option.session}`}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          )}
        </Field>
        <fieldset aria-describedby={categoryError ? "broadcast-category-error" : undefined}>
          <legend className="mb-1 block text-sm font-medium text-slate-800">{t("broadcasts.category")}</legend>
          {(["service", "news"] as const).map((category) => (
            <label key={category} className="mt-2 flex items-start gap-3 text-slate-800">
              <input
                type="radio"
                name="category"
                value={category}
                required
                defaultChecked={(values.category ?? "service") === category}
                className="mt-1 h-5 w-5 shrink-0 border-slate-400 text-indigo-700"
              />
              <span>{t(`broadcasts.${category}`)}</span>
            </label>
          ))}
          {categoryError ? (
            <p id="broadcast-category-error" role="alert" className="mt-1 text-sm text-red-700">
              {t(categoryError, { ns: "validation", defaultValue: categoryError })}
            </p>
          ) : null}
        </fieldset>
        {(["En", "Ar"] as const).map((suffix) => (
          <Field key={suffix} label={t(`broadcasts.body${suffix}`)} hint={t("broadcasts.bodyHint")} error={errors[`body${suffix}`]}>
            {(ids) => (
              <textarea
                id={ids.id}
                name={`body${suffix}`}
                lang={suffix === "En" ? "en" : "ar"}
                dir={suffix === "En" ? "ltr" : "rtl"}
                required
                maxLength={700}
                rows={4}
                defaultValue={values[`body${suffix}`] ?? ""}
                aria-describedby={ids.describedBy}
                aria-invalid={ids.invalid || undefined}
                className={inputClass}
              />
            )}
          </Field>
        ))}
        <Field label={t("broadcasts.sendAt")} hint={t("broadcasts.sendAtHint", { zone })} error={errors.sendAt}>
          {(ids) => (
            <input
              id={ids.id}
              name="sendAt"
              type="datetime-local"
              dir="ltr"
              defaultValue={values.sendAt ?? ""}
              aria-describedby={ids.describedBy}
              aria-invalid={ids.invalid || undefined}
              className={`${inputClass} sm:max-w-xs`}
            />
          )}
        </Field>
        {preview ? (
          <div role="status" className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-slate-900">
            <h3 className="font-bold">{t("broadcasts.previewTitle")}</h3>
            {(["en", "ar"] as const).map((language) => (
              <div key={language}>
                <p className="text-sm font-semibold text-slate-700">{t(language === "en" ? "broadcasts.previewEn" : "broadcasts.previewAr")}</p>
                <p lang={language} dir={language === "ar" ? "rtl" : "ltr"} className="whitespace-pre-line rounded bg-white p-2">
                  {preview.preview[language]}
                </p>
              </div>
            ))}
            <p>{t("broadcasts.reaches", { count: preview.recipients })}</p>
            <p className="text-sm text-slate-700">{t("broadcasts.byChannel", preview.byChannel)}</p>
            <p>{t("broadcasts.estimate", { amount: formatMoney(preview.estimate.minor, preview.estimate.currency, lang) })}</p>
            <p>{preview.sendAtLabel ? t("broadcasts.goesAt", { time: preview.sendAtLabel }) : t("broadcasts.goesNow")}</p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="preview"
            className="rounded-lg border border-indigo-700 px-4 py-2 font-semibold text-indigo-700 hover:bg-indigo-50"
          >
            {t("broadcasts.preview")}
          </button>
          <button type="submit" name="intent" value="send" className="rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800">
            {t("broadcasts.send")}
          </button>
        </div>
      </Form>
    </section>
  );
}
