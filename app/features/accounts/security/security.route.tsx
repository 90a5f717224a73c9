import { useTranslation } from "react-i18next";
import { redirect, useActionData, useSearchParams } from "react-router";
import { langFromPath, localizePath, stripLang } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/security.route";
import { requireAccountPage, requireAdminPage } from "~/lib/page-guards.server";
import { securityPageAction } from "./security-actions.server";
import { securityExtras, securityOverview, securityPagePath } from "./security.server";
import { PasskeysSection, TotpSection } from "./SecuritySections";
import { PasswordSection } from "~/features/accounts/PasswordSection";
import { DevicesSection } from "~/features/accounts/DevicesSection";
import { accountSectionClass } from "~/features/accounts/AccountSection";

/** Passkeys are added with the browser's WebAuthn: this page hydrates, inside the teaching layout too. */
export const handle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Under /admin and /teaching the staff pages' rule holds (anonymous to the staff sign-in, a family's account 403).
  const user = stripLang(url.pathname) === "/account/security" ? requireAccountPage(context, request) : requireAdminPage(context, request, "teaching");
  // Each member's page lives in their own layout (issue 42, step 10): staff /admin/security,
  // instructors /teaching/security, parents /account/security; the others lead there.
  const own = securityPagePath(user.role);
  if (stripLang(url.pathname) !== own) throw redirect(`${localizePath(own, langFromPath(url.pathname))}${url.search}`);
  const overview = await securityOverview(context, user);
  if (own === "/account/security") return { ...overview, framed: null };
  return { ...overview, framed: { ...(await securityExtras(context, user, context.sessionRef)), home: own === "/admin/security" ? "/admin" : "/teaching" } };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Every form of the page (rename, remove, authenticator app, recovery codes, password, devices) posts here without JavaScript too. */
export const action = securityPageAction;

/**
 * /account/security: the account's passkeys and, for staff, the authenticator app (issue 25,
 * decision 046). Staff and instructors see it inside their own layout, with their password and
 * signed-in devices too (/admin/security, /teaching/security; issue 42, step 10).
 */
export default function SecurityPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const state = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { framed } = loaderData;
  const content = (
    <>
      <PageMeta title={t("security.meta.title")} description={t("security.meta.description")} />
      <meta name="robots" content="noindex" />
      <header>
        <h1 className={framed ? "text-2xl font-bold text-slate-900" : "text-3xl font-extrabold text-slate-900"}>{t("security.heading")}</h1>
        <p className="mt-2 text-slate-700">{t("security.intro")}</p>
        {params.get("required") ? (
          <p role="status" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-slate-900">
            {t("security.required")}
          </p>
        ) : null}
        {framed ? null : (
          <LocalLink to="/account" className="mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
            {t("security.back")}
          </LocalLink>
        )}
      </header>
      {framed ? <PasswordSection hasPassword={framed.hasPassword} /> : null}
      <PasskeysSection overview={loaderData} state={state} />
      {loaderData.totp ? <TotpSection totp={loaderData.totp} state={state} /> : null}
      {framed ? <DevicesSection devices={framed.devices} timeZone={framed.timeZone} className={accountSectionClass} /> : null}
    </>
  );
  // Inside the staff or teaching layout, whose <main> holds it; on its own, the public page's.
  if (framed) return <div className="space-y-6">{content}</div>;
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-10 md:py-14">
      {content}
    </main>
  );
}
