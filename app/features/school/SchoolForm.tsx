import { useTranslation } from "react-i18next";
import { useFormAction } from "react-router";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { useDeferredApiForm } from "~/lib/forms/use-deferred-api-form";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { Honeypot, SubmitButton, TextField } from "~/ui/FormControls";
import { SCHOOL_FORM_ID } from "./school-form-id";
import { earliestToday } from "./earliest-today";
import type { SchoolEnquiryInput } from "./school.schema";

/** Where "Schedule a Class" and other links scroll to. */
export { SCHOOL_FORM_ID };

type TextName = Exclude<keyof SchoolEnquiryInput, "website" | "requirements">;

const fields: { name: TextName; type: "text" | "email" | "tel" | "date" | "time"; autoComplete?: string; hint?: boolean }[] = [
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
  // The route's own action (on the home page that is "/?index", not the root layout's).
  const action = useFormAction();
  const phoneCountry = usePhoneCountry();
  const { form, engine } = useDeferredApiForm({
    id: SCHOOL_FORM_ID,
    schema: () => import("./school.schema").then((module) => module.schoolEnquirySchemaFor(phoneCountry)),
    request: () => ({ path: "/school/add-school-info" }),
    messages: { failed: t("form.notSubmitted"), network: t("form.failed") },
    // Specification section 9: this one toast for every refusal; the fields carry the details.
    refusalText: (_answer, status) => (status === undefined ? false : t("form.notSubmitted")),
  });

  return (
    <form
      {...form.formProps}
      action={`${action}#${SCHOOL_FORM_ID}`}
      id={SCHOOL_FORM_ID}
      aria-labelledby="school-form-title"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      // Where app/enhance/json-forms.ts sends it on a page without React (decision 055).
      data-endpoint="/school/add-school-info"
      data-failed={t("form.notSubmitted")}
      data-network={t("form.failed")}
    >
      <h2 id="school-form-title" className="text-xl font-bold text-slate-900">
        {t("form.title")}
      </h2>
      <FormAlert message={form.refusal} className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <TextField
            key={field.name}
            form={form}
            name={field.name}
            label={t(`form.${field.name}`)}
            type={field.type}
            autoComplete={field.autoComplete}
            hint={field.hint ? t(`form.${field.name}Hint`) : undefined}
            required
            extra={field.type === "date" ? { min: earliestToday() } : undefined}
          />
        ))}
        <Field label={t("form.requirements")} error={form.error("requirements")} hint={t("form.requirementsHint")} className="sm:col-span-2">
          {({ id, describedBy, invalid }) => (
            <textarea id={id} rows={4} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("requirements")} />
          )}
        </Field>
      </div>
      <Honeypot form={form} name="website" />
      <SubmitButton
        pending={form.pending}
        label={t("form.submit")}
        pendingLabel={t("form.sending")}
        className="mt-6 rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700"
      />
      {engine}
    </form>
  );
}
