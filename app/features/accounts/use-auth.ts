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
  role: "user" | "admin";
}

interface LoginAnswer {
  message?: string;
  user?: PublicUser;
}

/**
 * The auth state of the specification (section 3): user, isAuthenticated, navbarName and a
 * loading flag, plus login and logout with the toasts of sections 4 and 8. The user itself comes
 * from the root loader (server-rendered); after login/logout the root data is revalidated.
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

  /**
   * Password login against `endpoint` (/login, or /api/admin/login for staff). Resolves to the
   * outcome so pages can show more (e.g. the staff page's inline message); toasts are shown here.
   */
  const login = useCallback(
    async (endpoint: string, credentials: { email: string; password: string }, goTo: string) => {
      setLoading(true);
      try {
        let result;
        try {
          result = await apiRequest<LoginAnswer>("POST", endpoint, { body: credentials, lang });
        } catch {
          toast.error(t("toast.network", { host: window.location.origin }));
          return { ok: false as const, message: null };
        }
        if (result.data === null) {
          toast.error(t("toast.loginUnexpected"));
          return { ok: false as const, message: null };
        }
        if (!result.ok) {
          const message = result.data.message || result.statusText || String(result.status);
          toast.error(t("toast.loginFailed", { message }));
          return { ok: false as const, message };
        }
        toast.success(t("toast.loginSuccess"));
        await revalidate();
        await navigate(goTo);
        return { ok: true as const, message: null };
      } finally {
        setLoading(false);
      }
    },
    [lang, navigate, revalidate, t],
  );

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

  return { user, isAuthenticated: user !== null, navbarName: navbarName(user), sessionKind, loading, login, logout };
}
