import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "~/ui/toast";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { Field, inputClass } from "~/ui/Field";
import { earliestToday, schoolEnquirySchemaFor, type SchoolEnquiryInput } from "./school.schema";
import { ScriptedForm } from "~/ui/UntilHydrated";

/** Where "Schedule a Class" and other links scroll to. */
export const SCHOOL_FORM_ID = "school-form";

const empty: SchoolEnquiryInput = {
  name: "",
  email: "",
  contactNumber: "",
  designation: "",
  city: "",
  schoolName: "",
  preferredDate: "",
  preferredTime: "",
  requirements: "",
  website: "",
};

type TextField = Exclude<keyof SchoolEnquiryInput, "website" | "requirements">;

const fields: { name: TextField; type: string; autoComplete?: string; hint?: boolean }[] = [
  { name: "name", type: "text", autoComplete: "name" },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "contactNumber", type: "tel", autoComplete: "tel" },
  { name: "designation", type: "text", autoComplete: "organization-title", hint: true },
  { name: "city", type: "text", autoComplete: "address-level2" },
  { name: "schoolName", type: "text", autoComplete: "organization" },
  { name: "preferredDate", type: "date" },
  { name: "preferredTime", type: "time" },
];

/** The for-schools enquiry form (specification sections 3, 5 and 8), used on three pages. */
export function SchoolForm() {
  const { t } = useTranslation("school");
  const lang = useLang();
  const phoneCountry = usePhoneCountry();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SchoolEnquiryInput>({ resolver: zodResolver(schoolEnquirySchemaFor(phoneCountry)), defaultValues: empty });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await apiRequest<{ message?: string; errors?: Record<string, string> }>("POST", "/school/add-school-info", {
        body: values,
        lang,
      });
      if (!result.ok) {
        // The server's per-field messages (already translated) also point at the fields.
        for (const [field, message] of Object.entries(result.data?.errors ?? {})) {
          if (field in empty) setError(field as keyof SchoolEnquiryInput, { message });
        }
        toast.error(t("form.notSubmitted"));
        return;
      }
      toast.success(result.data?.message ?? t("form.sent"));
      reset(empty);
    } catch {
      toast.error(t("form.failed"));
    }
  });

  return (
    <ScriptedForm id={SCHOOL_FORM_ID} onSubmit={onSubmit} aria-labelledby="school-form-title" className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="school-form-title" className="text-xl font-bold text-slate-900">
        {t("form.title")}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <Field key={field.name} label={t(`form.${field.name}`)} error={errors[field.name]?.message} hint={field.hint ? t(`form.${field.name}Hint`) : undefined}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type={field.type}
                autoComplete={field.autoComplete}
                min={field.type === "date" ? earliestToday() : undefined}
                dir={field.type === "email" || field.type === "tel" ? "ltr" : undefined}
                className={inputClass}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                aria-required="true"
                {...register(field.name)}
              />
            )}
          </Field>
        ))}
        <Field label={t("form.requirements")} error={errors.requirements?.message} hint={t("form.requirementsHint")} className="sm:col-span-2">
          {({ id, describedBy, invalid }) => (
            <textarea id={id} rows={4} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("requirements")} />
          )}
        </Field>
      </div>
      {/* Hidden from people; bots that fill it are refused by the server. */}
      <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" {...register("website")} />
      <button
        type="submit"
        disabled={isSubmitting}
        className="mt-6 rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {isSubmitting ? t("form.sending") : t("form.submit")}
      </button>
    </ScriptedForm>
  );
}
