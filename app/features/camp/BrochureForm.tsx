import { useTranslation } from "react-i18next";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { useDeferredApiForm } from "~/lib/forms/use-deferred-api-form";
import { FormAlert } from "~/ui/FormAlert";
import { Honeypot, SubmitButton, TextField } from "~/ui/FormControls";
import { BROCHURE_FORM } from "./camp-forms";
import { BROCHURE_QUERY } from "./paths";

/** Starts a file download in the browser without leaving the page. */
function download(url: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

const fields = [
  { name: "studentName", type: "text", autoComplete: "name" },
  { name: "studentEmail", type: "email", autoComplete: "email" },
  { name: "grade", type: "text", autoComplete: "off" },
  { name: "school", type: "text", autoComplete: "organization" },
  { name: "parentContact", type: "tel", autoComplete: "tel" },
] as const;

const closeClass = "rounded-lg border border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-100";

/**
 * The brochure request: stored as a lead, then the PDF downloads. In the modal (`onClose`) it closes
 * and clears; on the page (no script yet), it posts to /summer-camp, whose action answers it
 * (brochure.action.server.ts) and comes back to a page that downloads the PDF.
 */
export function BrochureForm({
  onClose,
  staticDialog = false,
}: {
  onClose?: () => void;
  /** In a page's `<dialog>` without React: sent by app/enhance/json-forms.ts. */ staticDialog?: boolean;
}) {
  const { t } = useTranslation("camp");
  const lang = useLang();
  const phoneCountry = usePhoneCountry();
  const { form, engine } = useDeferredApiForm({
    id: BROCHURE_FORM,
    schema: () => import("./brochure.schema").then((module) => module.brochureRequestSchemaFor(phoneCountry)),
    request: () => ({ path: "/api/summercamp/brochure" }),
    messages: { failed: t("brochureForm.failed"), network: t("brochureForm.failed") },
    onSuccess: (answer, _values, reset) => {
      if (typeof answer.url === "string") download(answer.url);
      reset();
      onClose?.();
    },
  });
  const page = localizePath("/summer-camp", lang);

  return (
    <form
      {...form.formProps}
      action={`${page}?${BROCHURE_QUERY}=1#${BROCHURE_FORM}`}
      className="mt-4 space-y-3"
      {...(staticDialog
        ? {
            "data-endpoint": "/api/summercamp/brochure",
            "data-errors-in-place": "",
            "data-download": "",
            "data-failed": t("brochureForm.failed"),
            "data-network": t("brochureForm.failed"),
          }
        : {})}
    >
      <FormAlert message={form.refusal} />
      {fields.map((field) => (
        <TextField key={field.name} form={form} name={field.name} label={t(`brochureForm.${field.name}`)} type={field.type} autoComplete={field.autoComplete} />
      ))}
      <Honeypot form={form} name="website" />
      {engine}
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        {onClose || staticDialog ? (
          <button type="button" onClick={onClose} data-close-dialog={staticDialog ? "" : undefined} className={closeClass}>
            {t("brochureForm.close")}
          </button>
        ) : (
          <a href={page} className={closeClass}>
            {t("brochureForm.close")}
          </a>
        )}
        <SubmitButton
          pending={form.pending}
          label={t("brochureForm.submit")}
          pendingLabel={t("brochureForm.submitting")}
          className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700"
        />
      </div>
    </form>
  );
}
