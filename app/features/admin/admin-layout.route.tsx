import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate, type ShouldRevalidateFunction } from "react-router";
import { toast } from "~/ui/toast";
import { requireAdminPage } from "~/lib/page-guards.server";
import { useLang } from "~/i18n/use-lang";
import { localizePath } from "~/i18n/lang";
import { apiRequest } from "~/lib/api";
import { useHydrated } from "~/lib/use-hydrated";
import { LocalLink, LocalNavLink } from "~/ui/LocalLink";
import { LogoutForm } from "~/features/accounts/LogoutForm";
import type { Route } from "./+types/admin-layout.route";
import { AdminRouteError } from "~/features/admin-kit/AdminError";
import { adminNav } from "./admin-nav";
import { markSeen, unreadAreaOf, unreadCounts, type UnreadArea } from "./unread.server";

/**
 * The frame of every /admin page: the staff check (so a child page is protected even if its own
 * loader forgets), the sidebar, the signed-in staff member and logout. Child pages render in
 * the <Outlet/>; they also call requireAdminPage because loaders run in parallel.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  // Opening a list (or one of its records) reads what arrived in it; the others count theirs.
  const opened = unreadAreaOf(new URL(request.url).pathname);
  if (opened) await markSeen(context.db, user.id, opened);
  return { user: { username: user.username, email: user.email, role: user.role }, unread: await unreadCounts(context.db, user.id, opened) };
}

/** The counts follow every move inside the staff area, not only form posts. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const [lastPath, setLastPath] = useState(pathname);
  // On a phone the menu closes after each navigation.
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  async function logout() {
    try {
      const result = await apiRequest("POST", "/logout", { lang });
      if (!result.ok) {
        toast.error(t("layout.logoutFailed"));
        return;
      }
      toast.success(result.data?.message ?? t("layout.loggedOut"));
      navigate(localizePath("/admin/login", lang));
    } catch {
      toast.error(t("layout.logoutFailed"));
    }
  }

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-indigo-50"}`;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
      <meta name="robots" content="noindex, nofollow" />
      {/* Before scripts run (or without them) the phone menu shows while focus is in the sidebar. */}
      <aside className="group/admin md:w-60 md:shrink-0 print:hidden">
        <div className="flex items-center justify-between rounded-lg bg-slate-900 px-4 py-3 text-white">
          <span className="font-bold">{t("layout.title")}</span>
          <button
            type="button"
            className="rounded-md px-2 py-1 text-sm ring-1 ring-white/40 md:hidden"
            aria-expanded={open}
            aria-controls="admin-menu"
            // Pages without React (decision 108) toggle it with the enhancement script (app/enhance/menus.ts).
            data-disclosure="menu"
            data-open-label={t("layout.openMenu")}
            data-close-label={t("layout.closeMenu")}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? t("layout.closeMenu") : t("layout.openMenu")}
          </button>
        </div>
        <div
          id="admin-menu"
          data-fallback="group-focus-within/admin:block"
          className={`${open ? "block" : hydrated ? "hidden" : "hidden group-focus-within/admin:block"} mt-2 space-y-4 md:block`}
        >
          <nav aria-label={t("layout.navLabel")}>
            <ul className="space-y-1">
              {adminNav
                .filter((item) => !("adminOnly" in item) || loaderData.user.role === "admin")
                .map((item) => (
                  <li key={item.key}>
                    <LocalNavLink to={item.to} end={"end" in item} className={linkClass}>
                      <span className="flex items-center justify-between gap-2">
                        {t(`nav.${item.key}`)}
                        <UnreadBadge count={loaderData.unread[item.key as UnreadArea]} />
                      </span>
                    </LocalNavLink>
                  </li>
                ))}
            </ul>
          </nav>
          <div className="rounded-lg border border-slate-200 p-3 text-sm">
            <p className="text-slate-600">{t("layout.signedInAs")}</p>
            <p className="font-semibold text-slate-900">{loaderData.user.username}</p>
            <p className="break-all text-slate-600">
              <bdi dir="ltr">{loaderData.user.email}</bdi>
            </p>
            {/* Staff's password, second factor, passkeys and devices, inside this layout (issue 42). */}
            <LocalLink to="/admin/security" className="mt-2 block font-medium text-indigo-700 hover:underline">
              {t("layout.devices")}
            </LocalLink>
            <LogoutForm
              from="admin"
              onLogout={logout}
              className="mt-3 w-full rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50"
            >
              {t("layout.logout")}
            </LogoutForm>
          </div>
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  );
}

/** How many new arrivals a list holds for this staff member ("99+" beyond 99). */
function UnreadBadge({ count }: { count: number | undefined }) {
  const { t } = useTranslation("admin");
  if (!count) return null;
  return (
    <span className="rounded-full bg-amber-400 px-2 text-xs font-bold text-slate-900">
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{t("nav.unread", { count })}</span>
    </span>
  );
}

/** Errors of the layout itself (e.g. 403 for a signed-in non-staff account). */
export function ErrorBoundary() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16">
      <AdminRouteError />
    </main>
  );
}
