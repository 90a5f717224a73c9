import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { useApiForm } from "~/lib/forms/use-api-form";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { SCHOOL_FORM_ID } from "./school-form-id";
import { earliestToday, schoolEnquirySchemaFor, type SchoolEnquiryInput } from "./school.schema";

/** Where "Schedule a Class" and other links scroll to. */
export { SCHOOL_FORM_ID };

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

/**
 * The for-schools enquiry form (specification sections 3, 5 and 8), used on three pages. Without
 * JavaScript it posts to the page it is on, whose action (school.action.server.ts) answers it.
 */
export function SchoolForm() {
  const { t } = useTranslation("school");
  const { pathname } = useLocation();
  const phoneCountry = usePhoneCountry();
  const form = useApiForm({
    id: SCHOOL_FORM_ID,
    schema: schoolEnquirySchemaFor(phoneCountry),
    request: () => ({ path: "/school/add-school-info" }),
    messages: { failed: t("form.notSubmitted"), network: t("form.failed") },
    // Specification section 9: this one toast for every refusal; the fields carry the details.
    refusalToast: () => t("form.notSubmitted"),
  });

  return (
    <form
      {...form.formProps}
      action={`${pathname}#${SCHOOL_FORM_ID}`}
      id={SCHOOL_FORM_ID}
      aria-labelledby="school-form-title"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="school-form-title" className="text-xl font-bold text-slate-900">
        {t("form.title")}
      </h2>
      <FormAlert message={form.refusal} className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <Field key={field.name} label={t(`form.${field.name}`)} error={form.error(field.name)} hint={field.hint ? t(`form.${field.name}Hint`) : undefined}>
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
                {...form.field(field.name)}
              />
            )}
          </Field>
        ))}
        <Field label={t("form.requirements")} error={form.error("requirements")} hint={t("form.requirementsHint")} className="sm:col-span-2">
          {({ id, describedBy, invalid }) => (
            <textarea id={id} rows={4} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("requirements")} />
          )}
        </Field>
      </div>
      {/* Hidden from people; bots that fill it are refused by the server. */}
      <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" {...form.field("website")} />
      <button
        type="submit"
        disabled={form.pending}
        className="mt-6 rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {form.pending ? t("form.sending") : t("form.submit")}
      </button>
    </form>
  );
}
