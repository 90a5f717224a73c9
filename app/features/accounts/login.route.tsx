import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { AuthCard, FormAlert } from "./AuthCard";
import { GoogleButton } from "./GoogleButton";
import { PasswordLoginForm } from "./PasswordLoginForm";

const googleErrors = new Set(["failed", "unverified", "disabled", "unavailable", "cancelled"]);

export default function LoginPage() {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const [params] = useSearchParams();
  // Google sign-in comes back here with ?error=<code> when it could not finish.
  const googleError = params.get("error");
  return (
    <AuthCard title={t("login.heading")} intro={t("login.intro")}>
      <PageMeta title={t("meta.loginTitle")} description={t("meta.loginDescription")} />
      {googleError && googleErrors.has(googleError) ? <FormAlert>{t(`googleError.${googleError}`)}</FormAlert> : null}
      <PasswordLoginForm endpoint="/login" goTo={localizePath("/", lang)} submitLabel={t("login.submit")} submittingLabel={t("login.submitting")} />
      <p className="mt-3 text-sm">
        <LocalLink to="/forgot-password" className="font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("login.forgot")}
        </LocalLink>
      </p>
      <GoogleButton next={localizePath("/", lang)} />
      <p className="mt-6 text-sm text-slate-700">
        {t("login.noAccount")}{" "}
        <LocalLink to="/signup" className="font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("login.signupLink")}
        </LocalLink>
      </p>
    </AuthCard>
  );
}
