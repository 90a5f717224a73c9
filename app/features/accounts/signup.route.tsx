import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import { localizePath } from "~/i18n/lang";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { useLang } from "~/i18n/use-lang";
import { FormAlert } from "~/ui/FormAlert";
import { PageMeta } from "~/ui/PageMeta";
import { ACCOUNT_FORMS } from "./account-forms";
import { signupAction } from "./account-actions.server";
import { registerSchemaFor } from "./accounts.schema";
import { AccountFields } from "./AccountFields";
import { alertClass, AuthCard, CardLink, SubmitButton } from "./AuthCard";
import { GoogleButton } from "./GoogleButton";
import { useAccountForm } from "./use-account-form";
import { safeLocalPath } from "~/lib/next-path";

/** The form posts here without JavaScript; success signs the parent in and opens /account with the server's message (issue 42). */
export const action = signupAction;

const fields = ["username", "email", "password", "contactNumber"] as const;

export default function SignupPage() {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  // Where the new parent goes on: a guardian's invitation sends them here and back (decision 139).
  const [params] = useSearchParams();
  const next = safeLocalPath(params.get("next"));
  const form = useAccountForm("signup", {
    id: ACCOUNT_FORMS.signup,
    schema: registerSchemaFor(usePhoneCountry()),
    request: () => ({ path: "/api/signup" }),
    // The server's message shows in the success toast (the default); the parent is signed in: their account.
    onSuccess: async () => {
      await revalidate();
      await navigate(next ?? localizePath("/account", lang));
    },
  });

  return (
    <AuthCard title={t("signup.heading")} intro={t("signup.intro")}>
      <PageMeta title={t("meta.signupTitle")} description={t("meta.signupDescription")} />
      <form {...form.formProps} id={ACCOUNT_FORMS.signup} className="space-y-4">
        <FormAlert message={form.refusal} className={alertClass} />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <AccountFields names={fields} form={form} />
        <SubmitButton pending={form.pending} label={t("signup.submit")} pendingLabel={t("signup.submitting")} />
      </form>
      <GoogleButton next={next ?? localizePath("/", lang)} />
      <CardLink to="/login" lead={t("signup.haveAccount")}>
        {t("signup.loginLink")}
      </CardLink>
    </AuthCard>
  );
}
