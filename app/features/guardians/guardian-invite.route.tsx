import { useTranslation } from "react-i18next";
import { langFromPath, localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { FormAlert } from "~/ui/FormAlert";
import { PageMeta } from "~/ui/PageMeta";
import { LtrValue } from "~/ui/Bidi";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { useServedState } from "~/lib/forms/served-state";
import { withNotice } from "~/lib/forms/notice";
import type { Route } from "./+types/guardian-invite.route";
import { guardianInvitation } from "./guardians.server";
import { acceptGuardianInvitation } from "./guardians.api";
import { GUARDIAN_FORMS } from "./forms";

/**
 * The link of a guardian's invitation (decision 139): who invites and with which role; signed out,
 * links to sign in (or create an account) and come back; signed in, one button that joins the
 * family. A plain form: the same with or without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const invitation = await guardianInvitation(context.db, token);
  const next = encodeURIComponent(url.pathname + url.search);
  return { token: invitation ? token : "", invitation: invitation ?? null, signedInAs: context.user?.email ?? null, next, lang: langFromPath(url.pathname) };
}

/** The form posts here (the same URL) without JavaScript: POST /api/guardian-invites/accept in process. */
export const action = (args: Route.ActionArgs) =>
  postFormToApi(args, {
    form: GUARDIAN_FORMS.accept,
    endpoint: acceptGuardianInvitation,
    toBody: ({ token }) => ({ token }),
    onSuccess: (_answer, _fields, lang) => withNotice(localizePath("/account", lang), "guardian-joined"),
  });

export const handle = { hydrate: false, staticWhenSignedIn: true };

export function headers() {
  // The site's own Referrer-Policy (same-origin) stays: the form post needs its real Origin, and no other site sees the token.
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

const linkClass = "font-medium text-indigo-700 underline hover:text-indigo-900";
const buttonClass =
  "w-full rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

export default function GuardianInvitePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("guardians");
  const lang = useLang();
  const refused = useServedState(GUARDIAN_FORMS.accept);
  const { invitation, signedInAs, token, next } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12 md:py-16">
      <PageMeta title={t("invite.metaTitle")} description={t("invite.metaDescription")} />
      <meta name="robots" content="noindex" />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{t("invite.heading")}</h1>
        {!invitation ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {t("invite.invalid")}
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">{t("invite.intro", { inviter: invitation.inviter, role: t(`roles.${invitation.role}`) })}</p>
            <p className="mt-2 text-sm text-slate-600">{t(`mail.what.${invitation.role}`)}</p>
            {signedInAs ? (
              <form method="post" className="mt-6 space-y-4">
                <FormAlert message={refused?.message} />
                <input type="hidden" name="form" value={GUARDIAN_FORMS.accept} />
                <input type="hidden" name="token" value={token} />
                <p className="text-sm text-slate-700">
                  <SignedInAs email={signedInAs} />
                </p>
                <button type="submit" className={buttonClass}>
                  {t("invite.accept")}
                </button>
              </form>
            ) : (
              <div className="mt-6 space-y-3">
                <p className="text-slate-700">{t("invite.signInFirst")}</p>
                <p>
                  <a href={`${localizePath("/login", lang)}?next=${next}`} className={linkClass}>
                    {t("invite.signIn")}
                  </a>
                </p>
                <p>
                  <a href={`${localizePath("/signup", lang)}?next=${next}`} className={linkClass}>
                    {t("invite.signUp")}
                  </a>
                </p>
              </div>
            )}
          </>
        )}
      </div>
    </main>
  );
}

function SignedInAs({ email }: { email: string }) {
  const { t } = useTranslation("guardians");
  // The address is isolated left to right inside the sentence of either language.
  const [before, after] = t("invite.signedInAs", { email: "__EMAIL__" }).split("__EMAIL__");
  return (
    <>
      {before}
      <LtrValue>{email}</LtrValue>
      {after}
    </>
  );
}
