import { useTranslation } from "react-i18next";
import { data, useLocation } from "react-router";
import { NOTICE_ID } from "~/lib/forms/notice";
import { langFromPath } from "~/i18n/lang";
import { getSiteSettings } from "~/features/site/site.server";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/enrol-confirmed.route";
import { formatCampDate } from "./camp";
import { getCampEnrolmentByReference } from "./enrol.server";
import { formatPhone } from "~/lib/validation";
import { HowToPay } from "~/features/billing";
import { howToPay, invoiceOfEnrolment } from "~/features/billing/index.server";

// Nothing here needs script: server HTML for visitors who are not signed in (decision 055, 070). The
// thank-you notice is this page's own (it names the camp), not the layout's FormNotice.
export const handle = { hydrate: false, notices: ["enroll-sent"] };

// Found by the unguessable reference in the URL, so a reload (or the e-mail's link) shows it again.
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const [found, settings] = await Promise.all([getCampEnrolmentByReference(context.db, url.searchParams.get("ref") ?? "", lang), getSiteSettings(context.db)]);
  if (!found) throw data(null, { status: 404 });
  const { id, ...enrolment } = found;
  // The invoice and how to pay it (issue 42); a place the discounts made free has no invoice.
  const pay = await howToPay(context.db, context.config, lang, await invoiceOfEnrolment(context.db, { kind: "camp", id }));
  // The parent's number formatted here: the browser has no phone metadata (decision 070).
  return {
    enrolment,
    pay,
    signedIn: context.user !== null && context.user !== undefined,
    parentPhone: formatPhone(enrolment.phoneNumber),
    phone: settings.phone,
    startDate: formatCampDate(settings.campStartDate, lang),
  };
}

// An enrolment is private: keep it out of search engines and shared caches.
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/** After the enrolment form: what was received, what happens next, and the way home. */
export default function CampEnrolConfirmedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("camp");
  const { t: tp } = useTranslation("paying");
  const { enrolment, pay, signedIn, parentPhone, phone, startDate } = loaderData;
  // After the form (posted, or sent by the enhancement script): the thank-you its toast used to show.
  const sent = new URLSearchParams(useLocation().search).get("notice") === "enroll-sent";
  // [label, value, written left to right]
  const details: [string, string, boolean?][] = [
    [t("confirmed.camp"), enrolment.campTitle],
    [t("confirmed.session"), enrolment.session],
    [t("confirmed.student"), enrolment.studentName],
    [t("confirmed.parent"), enrolment.parentName],
    [t("confirmed.email"), enrolment.email, true],
    [t("confirmed.phone"), parentPhone, true],
  ];
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta title={t("confirmed.metaTitle")} description={t("confirmed.metaDescription")} />
      <meta name="robots" content="noindex" />
      {sent ? (
        <p
          id={NOTICE_ID}
          role="status"
          className="mb-6 scroll-mt-24 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-center font-semibold text-green-900"
        >
          {t("enroll.sent", { camp: enrolment.campTitle })}
        </p>
      ) : null}
      <div className="rounded-2xl bg-green-50 p-6">
        <h1 className="text-3xl font-extrabold text-slate-900">{t("confirmed.heading", { student: enrolment.studentName, camp: enrolment.campTitle })}</h1>
        <p className="mt-3 text-slate-700">{t("confirmed.intro", { email: enrolment.email })}</p>
        <LocalLink to="/" className="mt-5 inline-block rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
          {t("confirmed.home")}
        </LocalLink>
      </div>
      <section aria-labelledby="next-steps" className="mt-8">
        <h2 id="next-steps" className="text-xl font-bold text-slate-900">
          {t("confirmed.nextSteps")}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 ps-6 text-slate-800">
          <li>{t("confirmed.step1", { phone })}</li>
          <li>{t("confirmed.step2", { date: startDate })}</li>
          <li>{t("confirmed.step3")}</li>
        </ol>
      </section>
      <section aria-labelledby="enrollment-details" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="enrollment-details" className="text-xl font-bold text-slate-900">
          {t("confirmed.details")}
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {details.map(([label, value, ltr]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-semibold text-slate-900">{ltr ? <bdi dir="ltr">{value}</bdi> : value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-slate-700">
          {t("confirmed.reference")}:{" "}
          <code dir="ltr" className="break-all rounded bg-slate-100 px-2 py-1 font-mono">
            {enrolment.reference}
          </code>
        </p>
      </section>
      {/* The invoice and how to pay it, then an account to follow it (issue 42). */}
      {pay.invoice ? (
        <div className="mt-8">
          <HowToPay view={pay} />
        </div>
      ) : null}
      <section aria-labelledby="account-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="account-heading" className="text-xl font-bold text-slate-900">
          {tp("confirmed.accountHeading")}
        </h2>
        {signedIn ? (
          <LocalLink to="/account" className="mt-3 inline-block rounded-lg border border-indigo-600 px-4 py-2 font-semibold text-indigo-700 hover:bg-indigo-50">
            {tp("confirmed.signedIn")}
          </LocalLink>
        ) : (
          <>
            <p className="mt-2 text-slate-700">{tp("confirmed.accountText", { email: enrolment.email })}</p>
            <LocalLink to="/signup" className="mt-3 inline-block rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
              {tp("confirmed.createAccount")}
            </LocalLink>
          </>
        )}
      </section>
      <LocalLink to="/summer-camp" className="mt-8 inline-block font-semibold text-indigo-700 hover:underline">
        {t("confirmed.camps")}
      </LocalLink>
    </main>
  );
}
