import { useTranslation } from "react-i18next";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Field, inputClass } from "~/ui/Field";
import { PAY_METHODS } from "~/features/site/settings.schema";
import type { settingsPageSchema } from "./settings.schema";

type SettingsForm = UseFormReturn<z.input<typeof settingsPageSchema>, unknown, z.output<typeof settingsPageSchema>>;

/**
 * How families pay (issue 42): the methods the desk takes and the bank details in both languages,
 * shown after enrolling, on the family's invoices and in the invoice e-mail.
 */
export function PaySettingsFields({ methods }: { methods: SettingsForm }) {
  const { t } = useTranslation("paying");
  const { register } = methods;
  const errors = methods.formState.errors;
  const area = (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ({ id: ids.id, "aria-describedby": ids.describedBy, "aria-invalid": ids.invalid, className: inputClass });
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <legend className="px-1 text-lg font-semibold text-slate-900">{t("settings.title")}</legend>
      <p className="text-sm text-slate-600 sm:col-span-2">{t("settings.intro")}</p>
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t("settings.methods")}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {PAY_METHODS.map((method) => (
            <label key={method} className="flex items-center gap-2">
              <input type="checkbox" value={method} className="h-4 w-4" {...register("payMethods")} />
              {t(`method.${method}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t("settings.bankEn")} hint={t("settings.bankHint")} error={errors.bankDetails?.en?.message}>
        {(ids) => <textarea rows={4} dir="ltr" lang="en" {...area(ids)} {...register("bankDetails.en")} />}
      </Field>
      <Field label={t("settings.bankAr")} hint={t("settings.bankHint")} error={errors.bankDetails?.ar?.message}>
        {(ids) => <textarea rows={4} dir="rtl" lang="ar" {...area(ids)} {...register("bankDetails.ar")} />}
      </Field>
    </fieldset>
  );
}
