import { useTranslation } from "react-i18next";
import { Field } from "~/ui/Field";
import { PAY_METHODS } from "~/features/site/settings.schema";
import type { SettingsForm } from "./settings-form";

/**
 * How families pay (issue 42): the methods the desk takes and the bank details in both languages,
 * shown after enrolling, on the family's invoices and in the invoice e-mail.
 */
export function PaySettingsFields({ s }: { s: SettingsForm }) {
  const { t } = useTranslation("paying");
  const { t: tv } = useTranslation("validation");
  const methodsError = s.error("payMethods");
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <legend className="px-1 text-lg font-semibold text-slate-900">{t("settings.title")}</legend>
      <p className="text-sm text-slate-600 sm:col-span-2">{t("settings.intro")}</p>
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t("settings.methods")}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {PAY_METHODS.map((method) => (
            <label key={method} className="flex items-center gap-2">
              <input type="checkbox" className="h-4 w-4" {...s.listBox("payMethods", method)} />
              {t(`method.${method}`)}
            </label>
          ))}
        </div>
        {methodsError ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {tv(methodsError, { defaultValue: methodsError })}
          </p>
        ) : null}
      </fieldset>
      <Field label={t("settings.bankEn")} hint={t("settings.bankHint")} error={s.error("bankDetails.en")}>
        {(ids) => <textarea rows={4} dir="ltr" lang="en" {...s.text("bankDetails.en", ids)} />}
      </Field>
      <Field label={t("settings.bankAr")} hint={t("settings.bankHint")} error={s.error("bankDetails.ar")}>
        {(ids) => <textarea rows={4} dir="rtl" lang="ar" {...s.text("bankDetails.ar", ids)} />}
      </Field>
    </fieldset>
  );
}
