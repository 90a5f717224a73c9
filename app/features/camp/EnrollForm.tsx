import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast, type ToastOptions } from "~/ui/toast";
import { localizePath } from "~/i18n/lang";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { Field, inputClass } from "~/ui/Field";
import type { Camp } from "./camp";
import { enrollmentSchemaFor, type EnrollmentInput } from "./enroll.schema";
import { ScriptedForm } from "~/ui/UntilHydrated";

// Enrollment toasts: top-right, 2 seconds (specification section 9).
const toastOptions: ToastOptions = { position: "top-right", autoClose: 2000 };

/**
 * The enrollment form (specification section 5). With a camp chosen on the camp page the camp
 * field is read-only; reached without one, the visitor picks the camp here.
 */
export function EnrollForm({ camp, camps }: { camp: Camp | null; camps: Camp[] }) {
  const { t } = useTranslation("camp");
  const lang = useLang();
  const navigate = useNavigate();
  const phoneCountry = usePhoneCountry();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<EnrollmentInput>({
    resolver: zodResolver(enrollmentSchemaFor(phoneCountry)),
    defaultValues: { studentName: "", parentName: "", email: "", phoneNumber: "", selectedCamp: camp?.title ?? "", selectedSession: "", message: "", website: "" },
  });
  const chosenTitle = useWatch({ control, name: "selectedCamp" });
  const sessionsOf = camp ?? camps.find((c) => c.title === chosenTitle) ?? camps[0];

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await apiRequest<{ message?: string; confirmationUrl?: string; errors?: Record<string, string> }>("POST", "/api/summercamp/enroll", { body: values, lang });
      if (!result.ok) {
        for (const [field, message] of Object.entries(result.data?.errors ?? {})) setError(field as keyof EnrollmentInput, { message });
        toast.error(result.data?.message ?? t("enroll.failed"), toastOptions);
        return;
      }
      toast.success(result.data?.message ?? t("enroll.sent", { camp: values.selectedCamp }), toastOptions);
      // The specification sends the family to / after the toast; the confirmation page (with a
      // prominent link to /) shows the next steps instead (docs/decisions/018).
      await navigate(result.data?.confirmationUrl ?? localizePath("/", lang));
    } catch {
      toast.error(t("enroll.failed"), toastOptions);
    }
  });

  const text = (name: "studentName" | "parentName" | "email" | "phoneNumber", type: string, autoComplete: string) => (
    <Field label={t(`enroll.${name}`)} error={errors[name]?.message}>
      {({ id, describedBy, invalid }) => (
        <input id={id} type={type} autoComplete={autoComplete} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register(name)} />
      )}
    </Field>
  );

  return (
    <ScriptedForm onSubmit={onSubmit} className="mt-6" controlsClassName="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text("studentName", "text", "off")}
        {text("parentName", "text", "name")}
        {text("email", "email", "email")}
        {text("phoneNumber", "tel", "tel")}
      </div>
      <Field label={t("enroll.selectedCamp")} error={errors.selectedCamp?.message}>
        {({ id, describedBy, invalid }) =>
          camp ? (
            <input id={id} type="text" readOnly className={inputClass.replace("bg-white", "bg-slate-100")} aria-describedby={describedBy} aria-invalid={invalid} {...register("selectedCamp")} />
          ) : (
            <select id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("selectedCamp")}>
              <option value="" disabled>
                {t("enroll.chooseCamp")}
              </option>
              {camps.map((c) => (
                <option key={c.slug} value={c.title}>
                  {c.title} ({c.grades})
                </option>
              ))}
            </select>
          )
        }
      </Field>
      <Field label={t("enroll.selectedSession")} error={errors.selectedSession?.message}>
        {({ id, describedBy, invalid }) => (
          <select id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("selectedSession")}>
            <option value="" disabled>
              {t("enroll.chooseSession")}
            </option>
            {sessionsOf?.batches.map((batch) => (
              <option key={batch.value} value={batch.value}>
                {batch.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("enroll.message")} error={errors.message?.message}>
        {({ id, describedBy, invalid }) => <textarea id={id} rows={4} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("message")} />}
      </Field>
      {/* Hidden from people; bots that fill it are refused by the server. */}
      <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" {...register("website")} />
      <button type="submit" disabled={isSubmitting} className="w-full rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60 sm:w-auto">
        {isSubmitting ? t("enroll.submitting") : t("enroll.submit")}
      </button>
    </ScriptedForm>
  );
}
