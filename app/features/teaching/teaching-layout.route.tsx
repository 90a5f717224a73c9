import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { LocalLink } from "~/ui/LocalLink";
import { AdminRouteError } from "~/features/admin-kit/AdminError";
import type { Route } from "./+types/teaching-layout.route";
import { requireTeachingPage } from "./teaching-page.server";

/**
 * The frame of the instructors' pages (issue 30, decision 074): who is signed in, "My classes" and
 * a plain sign-out form. No React ships to these pages, signed in or not (`staticWhenSignedIn`): a
 * classroom's weak connection gets the server's HTML and the small enhancement script only.
 */
export const handle = { hydrate: false, staticWhenSignedIn: true };

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireTeachingPage(context, request);
  return { name: user.username || user.email };
}

export default function TeachingLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("teaching");
  const lang = useLang();
  return (
    <div className="mx-auto max-w-2xl px-3 pb-10 pt-3 sm:px-4">
      <meta name="robots" content="noindex, nofollow" />
      <nav aria-label={t("layout.nav")} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-slate-900 px-3 py-2 text-sm text-white">
        <LocalLink to="/teaching" className="rounded px-2 py-1.5 font-bold underline-offset-4 hover:underline">
          {t("layout.home")}
        </LocalLink>
        <span className="min-w-0 flex-1 truncate text-slate-200">{t("layout.signedInAs", { name: loaderData.name })}</span>
        {/* Families' messages of their own groups, read only (decision 134). */}
        <LocalLink to="/teaching/messages" className="rounded px-2 py-1.5 underline-offset-4 hover:underline">
          {t("layout.messages")}
        </LocalLink>
        {/* Passkeys and the authenticator app (issue 39): instructors see children's data, so they set a second factor up too. */}
        <LocalLink to="/teaching/security" className="rounded px-2 py-1.5 underline-offset-4 hover:underline">
          {t("layout.security")}
        </LocalLink>
        {/* A plain post: the page has no script to do it otherwise. Back to the staff sign-in. */}
        <form method="post" action={localizePath("/logout", lang)}>
          <input type="hidden" name="from" value="admin" />
          <button type="submit" className="rounded-md px-3 py-1.5 font-medium ring-1 ring-white/50 hover:bg-white/10">
            {t("layout.logout")}
          </button>
        </form>
      </nav>
      <main id="main" className="mt-4">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-3 py-10">
      <AdminRouteError />
    </main>
  );
}
