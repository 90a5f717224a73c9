import { useTranslation } from "react-i18next";
import { useActionData, useSearchParams } from "react-router";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/security.route";
import { requireAccountPage } from "~/lib/page-guards.server";
import { securityPageAction } from "./security-actions.server";
import { securityOverview } from "./security.server";
import { PasskeysSection, TotpSection } from "./SecuritySections";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAccountPage(context, request);
  return securityOverview(context, user);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Every form of the page (rename, remove, authenticator app, recovery codes) posts here without JavaScript too. */
export const action = securityPageAction;

/** /account/security: the account's passkeys and, for staff, the authenticator app (issue 25, decision 046). */
export default function SecurityPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const state = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-10 md:py-14">
      <PageMeta title={t("security.meta.title")} description={t("security.meta.description")} />
      <meta name="robots" content="noindex" />
      <header>
        <h1 className="text-3xl font-extrabold text-slate-900">{t("security.heading")}</h1>
        <p className="mt-2 text-slate-700">{t("security.intro")}</p>
        {params.get("required") ? (
          <p role="status" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-slate-900">
            {t("security.required")}
          </p>
        ) : null}
        <LocalLink to="/account" className="mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("security.back")}
        </LocalLink>
      </header>
      <PasskeysSection overview={loaderData} state={state} />
      {loaderData.totp ? <TotpSection totp={loaderData.totp} state={state} /> : null}
    </main>
  );
}
