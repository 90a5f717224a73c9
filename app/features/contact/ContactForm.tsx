import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "~/ui/toast";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { useLang } from "~/i18n/use-lang";
import { Field, inputClass } from "~/ui/Field";
import { contactMessageSchema, type ContactMessageInput } from "./contact.schema";
import { ScriptedForm } from "~/ui/UntilHydrated";

// The footer is navy: the default red error text falls below 4.5:1 on it.
const onNavy = "text-red-300";

/** The footer's contact form: e-mail and a message (specification sections 5 and 8). */
export function ContactForm() {
  const { t } = useTranslation();
  const lang = useLang();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput>({ resolver: zodResolver(contactMessageSchema), defaultValues: { email: "", description: "" } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await apiRequest("POST", "/contact-us/form", { body: values, lang });
      if (!result.ok) {
        toast.error(t("contactForm.notSubmitted"));
        return;
      }
      toast.success(result.data?.message ?? t("contactForm.sent"));
      reset();
    } catch {
      toast.error(t("contactForm.tryLater"));
    }
  });

  return (
    <ScriptedForm onSubmit={onSubmit} controlsClassName="space-y-3" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-lg font-semibold text-white">
        {t("contactForm.title")}
      </h2>
      <Field label={<span className="text-slate-100">{t("contactForm.email")}</span>} error={errors.email?.message} errorClassName={onNavy}>
        {({ id, describedBy, invalid }) => (
          <input id={id} type="email" autoComplete="email" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("email")} />
        )}
      </Field>
      <Field label={<span className="text-slate-100">{t("contactForm.description")}</span>} error={errors.description?.message} errorClassName={onNavy}>
        {({ id, describedBy, invalid }) => (
          <textarea id={id} rows={3} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("description")} />
        )}
      </Field>
      {/* Hidden from people; bots that fill it are ignored by the server. */}
      <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" {...register("website")} />
      <button
        type="submit"
        disabled={isSubmitting}
        className="rounded-lg bg-amber-400 px-4 py-2 font-semibold text-slate-900 hover:bg-amber-300 disabled:opacity-60"
      >
        {isSubmitting ? t("contactForm.sending") : t("contactForm.submit")}
      </button>
    </ScriptedForm>
  );
}
