import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { localizePath } from "~/i18n/lang";
import { withNotice } from "~/lib/forms/notice";
import { safeLocalPath } from "~/lib/next-path";
import { useStaticPage } from "~/root";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { useLang } from "~/i18n/use-lang";
import { useDeferredApiForm } from "~/lib/forms/use-deferred-api-form";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { Honeypot, SubmitButton, TextField } from "~/ui/FormControls";
import { DefaultSubmit } from "~/ui/DefaultSubmit";
import type { Camp } from "./camp";
import { CAMP_ENROL_FORM } from "./camp-forms";
import { ConsentFieldset } from "~/features/consent/ConsentFieldset";
import { consentFields, type ConsentFormView } from "~/features/consent/consent-fields";
import { PriceSummary } from "~/features/billing";
import type { QuoteView } from "~/features/billing";

/** The consent fields of the form on the page, as text. */
function consentFieldsOf(formId: string): Record<string, string> {
  const element = document.getElementById(formId);
  if (!(element instanceof HTMLFormElement)) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(element)) if (typeof value === "string") fields[name] = value;
  return consentFields(fields);
}

const ENDPOINT = "/api/summercamp/enroll";

const textFields = [
  ["studentName", "text", "off"],
  ["parentName", "text", "name"],
  ["email", "email", "email"],
  ["phoneNumber", "tel", "tel"],
] as const;

/**
 * The enrolment form (specification section 5). With a camp chosen on the camp page the camp
 * field is read-only; reached without one, the visitor picks the camp here. Without JavaScript it
 * posts to /enroll (enrol.action.server.ts), which goes straight to the confirmation page with the
 * thank-you notice. On the page without React (anonymous visitors, decision 055) the enhancement
 * script sends it as JSON (app/enhance/json-forms.ts: the server's messages in place, then the same
 * confirmation URL); a signed-in visitor's hydrated form checks it with the zod schema first.
 */
export function CampEnrolForm({
  camp,
  camps,
  quote,
  consentForms,
}: {
  camp: Camp | null;
  camps: Camp[];
  quote: QuoteView | null;
  consentForms: ConsentFormView[];
}) {
  const { t } = useTranslation("camp");
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const phoneCountry = usePhoneCountry();
  const staticPage = useStaticPage();
  const { form, engine } = useDeferredApiForm({
    id: CAMP_ENROL_FORM,
    schema: () => import("./enrol.schema").then((module) => module.campEnrolmentSchemaFor(phoneCountry)),
    // The consent forms' fields are plain inputs (not the schema's): sent from the form as they are (decision 078).
    request: (values) => ({ path: ENDPOINT, body: { ...values, ...consentFieldsOf(CAMP_ENROL_FORM) } }),
    initial: { selectedCamp: camp?.title ?? "" },
    messages: { failed: t("enroll.failed"), network: t("enroll.failed") },
    // The confirmation page shows the thank-you itself, for every visitor (with or without script).
    successToast: false,
    // The specification sends the family to / after the toast; the confirmation page (with a
    // prominent link to /) shows the next steps instead (docs/decisions/018).
    onSuccess: async (answer) => {
      const confirmation = typeof answer.confirmationUrl === "string" ? safeLocalPath(answer.confirmationUrl) : undefined;
      await navigate(confirmation ? withNotice(confirmation, "enroll-sent") : localizePath("/", lang));
    },
  });
  const campField = form.field("selectedCamp");
  // The camp picked in the list (read from its change event: react-hook-form may not be loaded yet).
  const [picked, setPicked] = useState<string>();
  const chosenTitle = picked ?? campField.defaultValue;
  const chosen = camp ?? camps.find((c) => c.title === chosenTitle);
  // No camp chosen yet (and before script runs): every camp's sessions, grouped by camp.
  const sessionGroups = chosen ? [chosen] : camps;

  return (
    <form
      {...form.formProps}
      onSubmit={(event) => {
        // "Apply code" is the page's own post (its action prices the code), with or without the form's code.
        if ((event.nativeEvent as SubmitEvent).submitter?.hasAttribute("data-native-post")) return;
        form.formProps.onSubmit(event);
      }}
      action={pathname + search}
      id={CAMP_ENROL_FORM}
      className="mt-6 space-y-4"
      {...(staticPage
        ? {
            "data-endpoint": ENDPOINT,
            "data-errors-in-place": "",
            "data-follow-notice": "enroll-sent",
            "data-server-failure": "",
            "data-failed": t("enroll.failed"),
            "data-network": t("enroll.failed"),
            "data-pending-label": t("enroll.submitting"),
          }
        : {})}
    >
      {/* Enter in any field enrols, not "Apply code" (the first visible submit button): issue 42. */}
      <DefaultSubmit label={t("enroll.submit")} />
      <FormAlert message={form.refusal} />
      <div className="grid gap-4 sm:grid-cols-2">
        {textFields.map(([name, type, autoComplete]) => (
          <TextField key={name} form={form} name={name} label={t(`enroll.${name}`)} type={type} autoComplete={autoComplete} />
        ))}
      </div>
      <Field label={t("enroll.selectedCamp")} error={form.error("selectedCamp")}>
        {({ id, describedBy, invalid }) =>
          camp ? (
            <input
              id={id}
              type="text"
              readOnly
              className={inputClass.replace("bg-white", "bg-slate-100")}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              {...campField}
            />
          ) : (
            <select
              id={id}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              data-narrows={staticPage ? "selectedSession" : undefined}
              {...campField}
              onChange={(event) => {
                setPicked(event.target.value);
                return campField.onChange?.(event);
              }}
              defaultValue={campField.defaultValue ?? ""}
            >
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
      <Field label={t("enroll.selectedSession")} error={form.error("selectedSession")}>
        {({ id, describedBy, invalid }) => {
          const session = form.field("selectedSession");
          return (
            <select id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...session} defaultValue={session.defaultValue ?? ""}>
              <option value="" disabled>
                {t("enroll.chooseSession")}
              </option>
              {sessionGroups.length === 1
                ? sessionGroups[0]!.batches.map((batch) => (
                    <option key={batch.value} value={batch.value}>
                      {batch.label}
                    </option>
                  ))
                : sessionGroups.map((c) => (
                    <optgroup key={c.slug} label={c.title}>
                      {c.batches.map((batch) => (
                        <option key={batch.value} value={batch.value}>
                          {batch.label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
            </select>
          );
        }}
      </Field>
      <Field label={t("enroll.message")} error={form.error("message")}>
        {({ id, describedBy, invalid }) => (
          <textarea id={id} rows={4} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("message")} />
        )}
      </Field>
      <ConsentFieldset forms={consentForms} value={form.servedValue} error={(name) => form.error(name as "message")} />
      <PriceSummary quote={quote} field={form.field("promoCode")} error={form.error("promoCode")} />
      <Honeypot form={form} name="website" />
      <SubmitButton
        pending={form.pending}
        label={t("enroll.submit")}
        pendingLabel={t("enroll.submitting")}
        className="w-full rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700 sm:w-auto"
      />
      {engine}
    </form>
  );
}
