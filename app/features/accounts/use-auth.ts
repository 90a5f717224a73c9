import type { Role } from "~/lib/roles";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { toast } from "~/ui/toast";
import type { RootData } from "~/root";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { navbarName } from "./initials";

export interface PublicUser {
  username: string;
  email: string;
  role: Role;
}

/**
 * The auth state of the specification (section 3): user, isAuthenticated, navbarName and a
 * loading flag, plus logout with the toasts of sections 4 and 8. The user itself comes from the
 * root loader (server-rendered); after logout the root data is revalidated. Password login is
 * PasswordLoginForm's (useApiForm, so it also works without JavaScript).
 */
export function useAuth() {
  const root = useRouteLoaderData<RootData>("root");
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [loading, setLoading] = useState(false);
  const user = root?.user ?? null;
  const sessionKind = root?.sessionKind ?? null;

  /** Ends the session with the path of its kind; on failure the state stays as it was. */
  const logout = useCallback(async () => {
    const google = sessionKind === "google";
    setLoading(true);
    try {
      let result;
      try {
        result = await apiRequest("POST", google ? "/api/logout-user" : "/logout", { lang });
      } catch {
        toast.error(t(google ? "toast.googleLogoutNetwork" : "toast.logoutNetwork", { host: window.location.origin }));
        return;
      }
      if (!result.ok || !result.data) {
        const message = result.data?.message;
        toast.error(message ? t("toast.logoutFailed", { message }) : t(google ? "toast.googleLogoutUnexpected" : "toast.logoutUnexpected"));
        return;
      }
      if (result.data.message) toast.success(result.data.message);
      // Leave first: revalidating on an admin page would bounce to the staff sign-in.
      await navigate(localizePath("/login", lang));
      await revalidate();
    } finally {
      setLoading(false);
    }
  }, [lang, navigate, revalidate, sessionKind, t]);

  return { user, isAuthenticated: user !== null, navbarName: navbarName(user), sessionKind, loading, logout };
}
