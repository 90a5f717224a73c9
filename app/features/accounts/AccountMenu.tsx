import { isStaffRole } from "~/lib/roles";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { toast } from "~/ui/toast";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { LocalLink } from "~/ui/LocalLink";
import { useHydrated } from "~/lib/use-hydrated";
import { LogoutForm } from "./LogoutForm";
import { useAuth, type PublicUser } from "./use-auth";

/**
 * The navbar's account part: login and sign-up links for visitors; for a signed-in account its
 * initials (navbarName) opening a small menu with the log-out button.
 */
export function AccountMenu() {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation();
  const auth = useAuth();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useSessionCheck(auth.user);

  // Close on Escape or a click elsewhere, like any disclosure menu.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // One Escape closes one layer: the account menu, not also the phone menu around it.
      event.preventDefault();
      setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    // Capture: runs before the phone menu's own Escape listener, which then leaves itself open.
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  if (!auth.user) {
    return (
      <>
        <LocalLink to="/login" className="rounded-md px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
          {tc("nav.login")}
        </LocalLink>
        <LocalLink to="/signup" className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
          {tc("nav.signup")}
        </LocalLink>
      </>
    );
  }

  const fullName = auth.user.username || auth.user.email;
  return (
    <div ref={wrapper} className="group/account relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        // A page without React (decision 108) opens it with the enhancement script (app/enhance/menus.ts).
        data-disclosure="popover"
        // Its name and initials follow a saved profile on /account without React (app/enhance/refresh.ts).
        data-refresh-region="account-button"
        // The name starts with the initials shown (WCAG 2.5.3): "SA: account menu for Sara Ali".
        aria-label={t("menu.button", { initials: auth.navbarName, name: fullName })}
        onClick={() => setOpen((value) => !value)}
        className="flex h-10 min-w-10 max-w-48 items-center justify-center truncate rounded-full bg-indigo-600 px-3 text-sm font-bold text-white hover:bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <span aria-hidden="true">{auth.navbarName}</span>
      </button>
      {open || !hydrated ? (
        // Phones: the button sits near the start edge of the open phone menu, so the popover opens
        // toward the end; wider screens put it at the navbar's end, so it opens toward the start.
        // Before scripts run (or without them) the menu shows while focus is on the button or in
        // the menu, so a click on the initials still reaches the log-out form.
        <div
          id={menuId}
          data-fallback="group-focus-within/account:block"
          className={`${open ? "" : "hidden group-focus-within/account:block"} absolute start-0 top-full z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-lg lg:start-auto lg:end-0 border border-slate-200 bg-white p-3 shadow-lg`}
        >
          <p className="text-xs text-slate-600">{t("menu.signedInAs")}</p>
          <p className="truncate font-medium text-slate-900">{auth.user.username}</p>
          <p className="truncate text-sm text-slate-600" dir="ltr">
            {auth.user.email}
          </p>
          <LocalLink
            to="/account"
            className="mt-3 block rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
            onClick={() => setOpen(false)}
          >
            {t("menu.myAccount")}
          </LocalLink>
          {auth.user.role === "instructor" ? (
            <LocalLink
              to="/teaching"
              className="mt-1 block rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
              onClick={() => setOpen(false)}
            >
              {t("menu.teaching")}
            </LocalLink>
          ) : null}
          {isStaffRole(auth.user.role) ? (
            <LocalLink
              to="/admin"
              className="mt-1 block rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
              onClick={() => setOpen(false)}
            >
              {t("menu.admin")}
            </LocalLink>
          ) : null}
          <LogoutForm
            disabled={auth.loading}
            onLogout={async () => {
              await auth.logout();
              setOpen(false);
            }}
            className="mt-3 w-full rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:opacity-60"
          >
            {auth.loading ? t("menu.loggingOut") : t("menu.logout")}
          </LogoutForm>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The specification's session check on start (GET /api/getUser). The server-rendered page already
 * carries the user, so this only matters when the page shown is older than the session: a page
 * restored from the back/forward cache, or a signed-in page whose session ended elsewhere. It then refreshes the root
 * data. 400/401 mean "not signed in"; other failures toast (section 8); network errors stay silent.
 */
function useSessionCheck(user: PublicUser | null) {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const { revalidate } = useRevalidator();
  const shownEmail = useRef(user?.email ?? null);
  useEffect(() => {
    shownEmail.current = user?.email ?? null;
  }, [user]);

  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      let result;
      try {
        result = await apiRequest<{ user?: PublicUser; message?: string }>("GET", "/api/getUser", { lang });
      } catch {
        return;
      }
      if (cancelled) return;
      let serverEmail: string | null;
      if (result.ok && result.data?.user) serverEmail = result.data.user.email;
      else if (result.status === 400 || result.status === 401) serverEmail = null;
      else {
        const message = result.data?.message;
        toast.error(message ? t("toast.checkFailed", { message }) : t("toast.checkUnexpected"));
        return;
      }
      if (serverEmail !== shownEmail.current) await revalidate();
    };
    // A freshly rendered anonymous page is already right; asking would only log a 401.
    if (shownEmail.current) void check();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void check();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => {
      cancelled = true;
      window.removeEventListener("pageshow", onPageShow);
    };
    // Once per page load (and per back/forward restore), not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
