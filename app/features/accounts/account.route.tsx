import { useTranslation } from "react-i18next";
import { Link, Outlet, useOutletContext } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/account.route";
import { accountPageAction } from "./account-actions.server";
import { accountPageData, type AccountPageData } from "./account-page.server";
import { requireAccountPage } from "~/lib/page-guards.server";
import { useLang } from "~/i18n/use-lang";
import { accountInvoicesPath } from "~/features/billing";
import { EmailProofNote } from "./EmailProofNote";
import { mayUse } from "~/features/family/family-parts";

/**
 * /account, the parent's own space (issue 17, decision 026), as a layout: the heading and the
 * account's data here, its sections in the child routes (app/routes.ts).
 */

/**
 * Every form of the page posts here without JavaScript (a plain form posts to /account, the
 * layout's URL); a hidden `form` field says which one.
 */
export const action = accountPageAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAccountPage(context, request);
  return accountPageData(context, user.id, langFromPath(new URL(request.url).pathname));
}

/**
 * Without React's runtime, signed in too (decision 125): the page is the server's HTML and the
 * enhancement script, which sends its forms as JSON and then refreshes the page's regions.
 */
export const handle = { hydrate: false, staticWhenSignedIn: true };

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/** The account's data as the child routes read it (one load for the whole page). */
export const useAccountData = () => useOutletContext<AccountPageData>();

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const { t: tm } = useTranslation("makeups");
  const { t: tb } = useTranslation("money");
  const { t: tmsg } = useTranslation("messaging");
  const { t: tg } = useTranslation("guardians");
  const lang = useLang();
  const { profile, family } = loaderData;
  return (
    // What a form's success refreshes on the page without React (app/enhance/refresh.ts).
    <main id="main" data-refresh-region="account" className="mx-auto max-w-4xl space-y-8 px-4 py-10 md:py-14">
      <PageMeta title={t("space.meta.title")} description={t("space.meta.description")} />
      <meta name="robots" content="noindex" />
      <header>
        <h1 className="text-3xl font-extrabold text-slate-900">{t("space.heading")}</h1>
        <p className="mt-2 text-slate-700">{t("space.intro", { name: profile.username || profile.email })}</p>
        {family.role === "primary" ? null : (
          // A guardian (decision 139) reads which part of the family is theirs.
          <p className="mt-2 font-medium text-slate-800" data-guardian-role={family.role}>
            {tg("section.yourRole", { role: tg(`roles.${family.role}`) })}
          </p>
        )}
        {profile.emailVerified ? null : <EmailProofNote />}
        <LocalLink to="/account/security" className="mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("security.link")}
        </LocalLink>{" "}
        {/* Only the pages the guardian's role opens (FAMILY_PARTS, decision 139). */}
        {mayUse(family.role, "act") ? (
          <LocalLink to="/account/makeups" className="ms-4 mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
            {tm("account.link")}
          </LocalLink>
        ) : null}{" "}
        {mayUse(family.role, "bill") ? (
          <Link to={accountInvoicesPath(lang)} className="ms-4 mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
            {tb("account.link")}
          </Link>
        ) : null}{" "}
        <LocalLink to="/account/messages" className="ms-4 mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
          {tmsg("page.link")}
        </LocalLink>
      </header>
      <Outlet context={loaderData} />
    </main>
  );
}
