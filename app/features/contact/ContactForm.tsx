import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { useDeferredApiForm } from "~/lib/forms/use-deferred-api-form";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { CONTACT_FORM } from "./contact-form-id";

// The footer is navy: the default red error text falls below 4.5:1 on it.
const onNavy = "text-red-300";

/**
 * The footer's contact form: e-mail and a message (specification sections 5 and 8). Without
 * JavaScript it posts to /contact-us, which answers it and comes back here (contact.action.server.ts).
 */
export function ContactForm() {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname, search } = useLocation();
  const { form, engine } = useDeferredApiForm({
    id: CONTACT_FORM,
    schema: () => import("./contact.schema").then((module) => module.contactMessageSchema),
    request: () => ({ path: "/contact-us/form" }),
    messages: { failed: t("contactForm.notSubmitted"), network: t("contactForm.tryLater") },
  });

  return (
    <form
      {...form.formProps}
      action={`${localizePath("/contact-us", lang)}#${CONTACT_FORM}`}
      id={CONTACT_FORM}
      className="space-y-3"
      aria-labelledby="contact-form-title"
      // Where app/enhance/json-forms.ts sends it on a page without React (decision 055).
      data-endpoint="/contact-us/form"
      data-failed={t("contactForm.notSubmitted")}
      data-network={t("contactForm.tryLater")}
    >
      <h2 id="contact-form-title" className="text-lg font-semibold text-white">
        {t("contactForm.title")}
      </h2>
      <FormAlert message={form.refusal} className="text-red-300" />
      {/* After a refusal the form is shown on /contact-us: it still returns to the page it came from. */}
      <input type="hidden" name="returnTo" value={form.servedValue("returnTo") ?? pathname + search} />
      <Field label={<span className="text-slate-100">{t("contactForm.email")}</span>} error={form.error("email")} errorClassName={onNavy}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="email"
            autoComplete="email"
            className={inputClass}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            {...form.field("email")}
          />
        )}
      </Field>
      <Field label={<span className="text-slate-100">{t("contactForm.description")}</span>} error={form.error("description")} errorClassName={onNavy}>
        {({ id, describedBy, invalid }) => (
          <textarea id={id} rows={3} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("description")} />
        )}
      </Field>
      {/* Hidden from people; bots that fill it are ignored by the server. */}
      <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" {...form.field("website")} />
      <button
        type="submit"
        disabled={form.pending}
        className="rounded-lg bg-amber-400 px-4 py-2 font-semibold text-slate-900 hover:bg-amber-300 disabled:opacity-60"
      >
        {form.pending ? t("contactForm.sending") : t("contactForm.submit")}
      </button>
      {engine}
    </form>
  );
}
