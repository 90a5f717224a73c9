import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { PageMeta } from "~/ui/PageMeta";
import { loginAction } from "./account-actions.server";
import { AuthCard, CardLink, PageAlert } from "./AuthCard";
import { GoogleButton } from "./GoogleButton";
import { safeLocalPath } from "~/lib/next-path";
import { PasswordLoginForm } from "./PasswordLoginForm";
import { PasskeySignIn } from "./security/PasskeySignIn";

/** The form posts here without JavaScript (a url-encoded POST /login; JSON goes to the API). */
export const action = loginAction;

const googleErrors = new Set(["failed", "unverified", "disabled", "unavailable", "cancelled"]);

export default function LoginPage() {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const [params] = useSearchParams();
  // Google sign-in comes back here with ?error=<code> when it could not finish.
  const googleError = params.get("error");
  const next = safeLocalPath(params.get("next"));
  return (
    <AuthCard title={t("login.heading")} intro={t("login.intro")}>
      <PageMeta title={t("meta.loginTitle")} description={t("meta.loginDescription")} />
      {googleError && googleErrors.has(googleError) ? <PageAlert>{t(`googleError.${googleError}`)}</PageAlert> : null}
      <PasswordLoginForm kind="login" next={next} />
      <CardLink to="/forgot-password" space="mt-3">
        {t("login.forgot")}
      </CardLink>
      <GoogleButton next={next ?? localizePath("/", lang)} />
      <CardLink to="/signup" lead={t("login.noAccount")}>
        {t("login.signupLink")}
      </CardLink>
      {/* Last: it appears once the script runs, and must not move what a visitor may be clicking. */}
      <PasskeySignIn goTo={next ?? localizePath("/", lang)} />
    </AuthCard>
  );
}
