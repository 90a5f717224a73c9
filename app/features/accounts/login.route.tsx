import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { loginAction } from "./account-actions.server";
import { AuthCard, PageAlert } from "./AuthCard";
import { GoogleButton } from "./GoogleButton";
import { safeLocalPath } from "./next-path";
import { PasswordLoginForm } from "./PasswordLoginForm";

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
