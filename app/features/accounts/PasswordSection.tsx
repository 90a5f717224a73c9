import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { PasswordInput } from "~/ui/PasswordInput";
import { ACCOUNT_FORMS } from "./account-forms";
import { AccountSection, accountButtonClass as buttonClass } from "./AccountSection";
import { alertClass } from "./AuthCard";
import { useAccountForm } from "./use-account-form";

export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("accounts");
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.password,
    schema: () => import("./accounts.schema").then((schemas) => schemas.changePasswordSchema),
    endpoint: { path: "/api/account/password" },
    pendingLabel: t("space.password.submitting"),
  });
  return (
    <AccountSection id="password" title={t("space.password.heading")}>
      <p className="mt-2 text-sm text-slate-700">{hasPassword ? t("space.password.intro") : t("space.password.setIntro")}</p>
      {hasPassword ? (
        <form {...form.formProps} id={ACCOUNT_FORMS.password} className="mt-4 max-w-md space-y-4">
          <input type="hidden" name="form" value={ACCOUNT_FORMS.password} />
          <FormAlert message={form.refusal} className={alertClass} />
          <Field label={t("space.password.current")} error={form.error("currentPassword")}>
            {({ id, describedBy, invalid }) => (
              <PasswordInput
                id={id}
                autoComplete="current-password"
                dir="ltr"
                className={inputClass}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                {...form.field("currentPassword")}
              />
            )}
          </Field>
          <Field label={t("fields.newPassword")} error={form.error("password")} hint={t("fields.passwordHint")}>
            {({ id, describedBy, invalid }) => (
              <PasswordInput
                id={id}
                autoComplete="new-password"
                dir="ltr"
                className={inputClass}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                {...form.field("password")}
              />
            )}
          </Field>
          <button type="submit" disabled={form.pending} className={buttonClass}>
            {form.pending ? t("space.password.submitting") : t("space.password.submit")}
          </button>
        </form>
      ) : (
        <PasswordLinkForm />
      )}
    </AccountSection>
  );
}

/** A Google-only account asks for an e-mailed link that sets its first password (decision 033). */
function PasswordLinkForm() {
  const { t } = useTranslation("accounts");
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.passwordLink,
    schema: () => import("./accounts.schema").then((schemas) => schemas.buttonOnlySchema),
    endpoint: { path: "/api/account/password/link" },
    pendingLabel: t("space.password.sendingLink"),
  });
  return (
    <form {...form.formProps} id={ACCOUNT_FORMS.passwordLink} className="mt-4 max-w-md space-y-4">
      <input type="hidden" name="form" value={ACCOUNT_FORMS.passwordLink} />
      <FormAlert message={form.refusal} className={alertClass} />
      <button type="submit" disabled={form.pending} className={buttonClass}>
        {form.pending ? t("space.password.sendingLink") : t("space.password.sendLink")}
      </button>
    </form>
  );
}
