import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "~/ui/toast";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { Field, inputClass } from "~/ui/Field";
import { Modal } from "~/ui/Modal";
import { brochureRequestSchemaFor, type BrochureRequestInput } from "./brochure.schema";
import { ScriptedForm } from "~/ui/UntilHydrated";

const empty: BrochureRequestInput = { studentName: "", studentEmail: "", grade: "", school: "", parentContact: "", website: "" };

/** Starts a file download in the browser without leaving the page. */
function download(url: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

/** The brochure form: the request is stored as a lead, then the PDF downloads, the modal closes and clears. */
export function BrochureModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("camp");
  const lang = useLang();
  const phoneCountry = usePhoneCountry();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BrochureRequestInput>({ resolver: zodResolver(brochureRequestSchemaFor(phoneCountry)), defaultValues: empty });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await apiRequest<{ message?: string; url?: string; errors?: Record<string, string> }>("POST", "/api/summercamp/brochure", { body: values, lang });
      if (!result.ok || !result.data?.url) {
        for (const [field, message] of Object.entries(result.data?.errors ?? {})) setError(field as keyof BrochureRequestInput, { message });
        toast.error(result.data?.message ?? t("brochureForm.failed"));
        return;
      }
      download(result.data.url);
      toast.success(result.data.message ?? t("brochureForm.saved"));
      reset(empty);
      onClose();
    } catch {
      toast.error(t("brochureForm.failed"));
    }
  });

  const fields = [
    { name: "studentName", type: "text", autoComplete: "name" },
    { name: "studentEmail", type: "email", autoComplete: "email" },
    { name: "grade", type: "text", autoComplete: "off" },
    { name: "school", type: "text", autoComplete: "organization" },
    { name: "parentContact", type: "tel", autoComplete: "tel" },
  ] as const;

  return (
    <Modal open={open} onClose={onClose} title={t("brochureForm.title")}>
      <p className="text-slate-700">{t("brochureForm.intro")}</p>
      <ScriptedForm onSubmit={onSubmit} className="mt-4" controlsClassName="space-y-3">
        {fields.map((field) => (
          <Field key={field.name} label={t(`brochureForm.${field.name}`)} error={errors[field.name]?.message}>
            {({ id, describedBy, invalid }) => (
              <input id={id} type={field.type} autoComplete={field.autoComplete} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register(field.name)} />
            )}
          </Field>
        ))}
        {/* Hidden from people; bots that fill it are refused by the server. */}
        <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" {...register("website")} />
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <button type="button" onClick={onClose} className="rounded-lg border border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-100">
            {t("brochureForm.close")}
          </button>
          <button type="submit" disabled={isSubmitting} className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60">
            {isSubmitting ? t("brochureForm.submitting") : t("brochureForm.submit")}
          </button>
        </div>
      </ScriptedForm>
    </Modal>
  );
}
