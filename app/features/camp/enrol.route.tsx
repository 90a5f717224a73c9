import { useTranslation } from "react-i18next";
import { langFromPath } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/enrol.route";
import { listCamps } from "./camps.server";
import { campEnrolFormAction } from "./enrol.action.server";
import { CampEnrolForm } from "./CampEnrolForm";
import { currentConsentForms } from "~/features/consent/consent.server";
import { priceQuote } from "~/features/billing/index.server";
import { quoteView, servedQuote } from "~/features/billing";

// Server HTML and the enhancement script for visitors who are not signed in (decision 055, 070).
export const handle = { hydrate: false };

/** The enrolment form posts here when JavaScript is not running. */
export const action = campEnrolFormAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const camps = await listCamps(context.db, lang);
  // The chosen camp travels in the URL (?camp=junior), so a reload or a shared link keeps it.
  const wanted = url.searchParams.get("camp")?.trim().toLowerCase() ?? "";
  const camp = camps.find((c) => c.slug === wanted || c.title.toLowerCase() === wanted) ?? null;
  // The chosen camp's price before paying (issue 31 part 5); a signed-in family's sibling discount shows once a child is named.
  const priced = camp ? await priceQuote(context.db, { offer: { kind: "camp", id: camp.id }, family: { userId: context.user?.id ?? null } }) : undefined;
  return { camps, camp, quote: priced ? quoteView(priced, lang) : null, consentForms: await currentConsentForms(context.db, lang) };
}

export default function CampEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("camp");
  const { camps, camp, consentForms } = loaderData;
  // After "Apply code" the action's quote (with the code) replaces the plain price.
  const quote = servedQuote(actionData) ?? loaderData.quote;
  const heading = t("enroll.title", { camp: camp?.title ?? t("enroll.defaultCamp") });
  return (
    <main id="main" className="bg-gradient-to-br from-indigo-50 to-amber-50">
      <PageMeta title={heading} description={t("meta.enrollDescription")} />
      <div className="mx-auto max-w-2xl px-4 py-12 md:py-16">
        <LocalLink to="/summer-camp" className="text-sm font-semibold text-indigo-700 hover:underline">
          <span aria-hidden="true" className="flip-rtl inline-block">
            ←
          </span>{" "}
          {t("enroll.backToCamp")}
        </LocalLink>
        <div className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:p-8">
          <h1 className="text-3xl font-extrabold text-slate-900">{heading}</h1>
          <p className="mt-3 text-slate-700">{t("enroll.intro")}</p>
          {/* Keyed by camp so switching camps starts a fresh form. */}
          <CampEnrolForm key={camp?.slug ?? "none"} camp={camp} camps={camps} quote={quote} consentForms={consentForms} />
        </div>
      </div>
    </main>
  );
}
