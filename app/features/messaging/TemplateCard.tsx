import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import type { FormState } from "~/lib/forms/form-state";

export interface StaffTemplate {
  key: string;
  category: "service" | "news";
  body_en: string;
  body_ar: string;
  wa_name: string;
  wa_language_en: string;
  wa_language_ar: string;
  wa_category: "utility" | "marketing";
  wa_approved: number;
  params: string[];
}

/**
 * One message template (issue 43 item 2): its words in both languages with the same named
 * parameters, and the WhatsApp template Meta approved for it (name, languages, category). Outside
 * a family's 24-hour window only an approved template reaches WhatsApp; without one the message
 * falls back to SMS or e-mail (decision 127). A plain form: it posts without JavaScript.
 */
export function TemplateCard({ template, state }: { template: StaffTemplate; state: FormState | undefined }) {
  const { t } = useTranslation("messaging");
  const values = state?.values;
  const errors = state?.errors ?? {};
  const headingId = `template-${template.key}-heading`;
  const text = (name: string, stored: string) => values?.[name] ?? stored;
  const line = (name: "waName" | "waLanguageEn" | "waLanguageAr", stored: string, max: number, hint?: string) => (
    <Field label={t(`templates.${name}`)} error={errors[name]} hint={hint}>
      {(ids) => (
        <input
          id={ids.id}
          name={name}
          type="text"
          dir="ltr"
          maxLength={max}
          autoComplete="off"
          spellCheck={false}
          defaultValue={text(name, stored)}
          aria-describedby={ids.describedBy}
          aria-invalid={ids.invalid || undefined}
          className={inputClass}
        />
      )}
    </Field>
  );
  return (
    <section id={`template-${template.key}`} aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
        <code dir="ltr" className="break-all">
          {template.key}
        </code>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800">{t(`templates.category.${template.category}`)}</span>
        <span className={`rounded px-2 py-0.5 text-sm font-semibold ${template.wa_approved ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}>
          {template.wa_approved ? t("templates.approved") : t("templates.notApproved")}
        </span>
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {template.params.length > 0 ? t("templates.params", { params: template.params.map((p) => `{{${p}}}`).join(" ") }) : t("templates.noParams")}
      </p>
      <Form method="post" className="mt-3 space-y-3">
        <FormAlert message={state?.message} />
        {(["bodyEn", "bodyAr"] as const).map((name) => (
          <Field key={name} label={t(`templates.${name}`)} error={errors[name]}>
            {(ids) => (
              <textarea
                id={ids.id}
                name={name}
                dir={name === "bodyAr" ? "rtl" : "ltr"}
                lang={name === "bodyAr" ? "ar" : "en"}
                rows={4}
                maxLength={1000}
                required
                defaultValue={text(name, name === "bodyAr" ? template.body_ar : template.body_en)}
                aria-describedby={ids.describedBy}
                aria-invalid={ids.invalid || undefined}
                className={inputClass}
              />
            )}
          </Field>
        ))}
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 font-semibold text-slate-900">{t("templates.whatsapp")}</legend>
          {line("waName", template.wa_name, 512, t("templates.waNameHint"))}
          <div className="grid gap-3 sm:grid-cols-2">
            {line("waLanguageEn", template.wa_language_en, 10)}
            {line("waLanguageAr", template.wa_language_ar, 10)}
          </div>
          <Field label={t("templates.waCategory")} error={errors.waCategory}>
            {(ids) => (
              <select
                id={ids.id}
                name="waCategory"
                defaultValue={text("waCategory", template.wa_category)}
                aria-describedby={ids.describedBy}
                className={inputClass}
              >
                <option value="utility">{t("templates.utility")}</option>
                <option value="marketing">{t("templates.marketing")}</option>
              </select>
            )}
          </Field>
          <label className="flex items-start gap-2 text-slate-900">
            <input
              type="checkbox"
              name="waApproved"
              defaultChecked={values ? values.waApproved === "on" : template.wa_approved === 1}
              className="mt-1 h-5 w-5 shrink-0"
            />
            <span>{t("templates.waApproved")}</span>
          </label>
        </fieldset>
        <button
          type="submit"
          name="intent"
          value={`save-${template.key}`}
          className="min-h-11 rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800"
        >
          {t("templates.save")}
        </button>
      </Form>
    </section>
  );
}
