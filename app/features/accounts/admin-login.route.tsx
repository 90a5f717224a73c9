import { isTeachingRole } from "~/lib/roles";
import { useTranslation } from "react-i18next";
import { redirect, useSearchParams } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/admin-login.route";
import { adminLoginAction } from "./account-actions.server";
import { AuthCard, CardLink } from "./AuthCard";
import { safeAdminPath, safeTeachingPath, staffLanding } from "~/lib/next-path";
import { PasswordLoginForm } from "./PasswordLoginForm";
import { PasskeySignIn } from "./security/PasskeySignIn";
import { useLang } from "~/i18n/use-lang";

/** The form posts here without JavaScript; a parent's account is refused on the page. */
export const action = adminLoginAction;

/** Staff (and instructors, decision 074) already signed in skip the form. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (isTeachingRole(context.user?.role)) {
    const lang = langFromPath(url.pathname);
    throw redirect(
      staffLanding(context.user?.role, url.searchParams.get("next"), { admin: localizePath("/admin", lang), teaching: localizePath("/teaching", lang) }),
    );
  }
  return null;
}

export default function AdminLoginPage() {
  const { t } = useTranslation("accounts");
  const [params] = useSearchParams();
  const lang = useLang();
  return (
    <AuthCard title={t("adminLogin.heading")} intro={t("adminLogin.intro")}>
      <PageMeta title={t("meta.adminLoginTitle")} description={t("meta.adminLoginDescription")} />
      <meta name="robots" content="noindex" />
      <PasswordLoginForm kind="staff" next={safeAdminPath(params.get("next")) ?? safeTeachingPath(params.get("next"))} />
      <CardLink to="/login">{t("adminLogin.publicLogin")}</CardLink>
      {/* Last: it appears once the script runs, and must not move what staff may be clicking. */}
      <PasskeySignIn goTo={safeAdminPath(params.get("next")) ?? localizePath("/admin", lang)} />
    </AuthCard>
  );
}
