import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { PageMeta } from "~/ui/PageMeta";
import { ACCOUNT_FORMS } from "./account-forms";
import { forgotPasswordAction } from "./account-actions.server";
import { forgotPasswordSchema } from "./accounts.schema";
import { alertClass, AuthCard, CardLink, SubmitButton } from "./AuthCard";
import { useAccountForm } from "./use-account-form";

/** The form posts here without JavaScript and comes back with the same message as a notice. */
export const action = forgotPasswordAction;

export default function ForgotPasswordPage() {
  const { t } = useTranslation("accounts");
  const [sent, setSent] = useState<string | null>(null);
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.forgot,
    schema: forgotPasswordSchema,
    request: () => ({ path: "/api/password/forgot" }),
    // The answer is the same whether or not the account exists; it replaces the form.
    successToast: false,
    onSuccess: (answer) => setSent(answer.message ?? ""),
  });

  return (
    <AuthCard title={t("forgot.heading")} intro={t("forgot.intro")}>
      <PageMeta title={t("meta.forgotTitle")} description={t("meta.forgotDescription")} />
      {sent !== null ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-green-900">
          {sent}
        </p>
      ) : (
        <form {...form.formProps} id={ACCOUNT_FORMS.forgot} className="space-y-4">
          <FormAlert message={form.refusal} className={alertClass} />
          <Field label={t("fields.email")} error={form.error("email")}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="email"
                autoComplete="email"
                dir="ltr"
                className={inputClass}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                {...form.field("email")}
              />
            )}
          </Field>
          {/* Hidden from people; bots that fill it are refused by the server. */}
          <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" {...form.field("website")} />
          <SubmitButton pending={form.pending} label={t("forgot.submit")} pendingLabel={t("forgot.submitting")} />
        </form>
      )}
      <CardLink to="/login">{t("forgot.back")}</CardLink>
    </AuthCard>
  );
}
