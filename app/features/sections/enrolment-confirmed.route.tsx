import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { formatMinutes } from "~/lib/duration";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { HowToPay } from "~/features/billing";
import type { Route } from "./+types/enrolment-confirmed.route";
import { enrolmentConfirmation } from "./enrolment-confirmed.server";

// Links only: server HTML without script, like the camp's confirmation (decisions 055, 070).
export const handle = { hydrate: false };

// Found by the enrolment's signed link in the URL, so a reload (or the back button) shows it again.
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await enrolmentConfirmation(context.db, context.config, url.searchParams.get("token") ?? "", langFromPath(url.pathname));
  if (!found) throw data(null, { status: 404 });
  return { ...found, signedIn: context.user !== null && context.user !== undefined };
}

// An enrolment is private: keep it out of search engines and shared caches.
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

const outline = "inline-block rounded-lg border border-indigo-600 px-4 py-2 font-semibold text-indigo-700 hover:bg-indigo-50";

/** /enrolments/confirmed?token=: after "Enrol" (issue 42), what was enrolled, what is owed and how to pay, the calendar, an account. */
export default function EnrolmentConfirmedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("paying");
  const lang = useLang();
  const { enrolment, group, address, pay, calendarUrl, signedIn } = loaderData;
  const live = enrolment.status === "enrolled";
  const details: [string, string][] = [
    [t("confirmed.child"), enrolment.childName],
    [t("confirmed.course"), enrolment.courseName],
    [t("confirmed.group"), t("confirmed.at", { day: group.days, time: group.time })],
    [t("confirmed.firstClass"), t("confirmed.at", { day: group.firstClass.date, time: group.firstClass.time })],
    [
      t("confirmed.dates"),
      `${t("confirmed.classes", { count: group.meetingCount, length: formatMinutes(group.durationMinutes, lang) })} · ${group.first} – ${group.last}`,
    ],
    [t("confirmed.where"), group.mode === "online" ? t("confirmed.online") : t("confirmed.academy", { address })],
  ];
  return (
    <main id="main" className="mx-auto max-w-3xl scroll-mt-24 px-4 py-10 md:py-12">
      <PageMeta title={t("confirmed.metaTitle")} description={t("confirmed.metaDescription")} />
      <meta name="robots" content="noindex" />
      <div className={`rounded-2xl p-5 sm:p-6 ${live ? "bg-green-50" : "bg-slate-100"}`}>
        <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
          {live ? t("confirmed.heading", { child: enrolment.childName, course: enrolment.courseName }) : t("confirmed.ended")}
        </h1>
        {live ? (
          <p role="status" className="mt-3 text-slate-800">
            {t("confirmed.sent", { email: enrolment.email })}
          </p>
        ) : null}
        <p className="mt-3 text-slate-800">
          {t("confirmed.code")}:{" "}
          <strong dir="ltr" className="rounded-md bg-white px-2 py-1 font-mono text-xl tracking-widest text-slate-900" data-testid="enrolment-code">
            {enrolment.code}
          </strong>
          <span className="mt-1 block text-sm text-slate-600">{t("confirmed.codeHint")}</span>
        </p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {live ? (
          <div className="mt-5">
            <a href={calendarUrl} className={outline} download="course-timetable.ics">
              {t("confirmed.calendar")}
            </a>
            <p className="mt-1 text-sm text-slate-600">{t("confirmed.calendarHint")}</p>
          </div>
        ) : null}
      </div>
      {live ? (
        <div className="mt-6">
          {pay.invoice ? (
            <HowToPay view={pay} />
          ) : (
            <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 font-semibold text-slate-900">
              {t("confirmed.nothingToPay")}
            </p>
          )}
        </div>
      ) : null}
      {live ? (
        <section aria-labelledby="account-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
          <h2 id="account-heading" className="text-xl font-bold text-slate-900">
            {t("confirmed.accountHeading")}
          </h2>
          {signedIn ? (
            <LocalLink to="/account" className={`${outline} mt-3`}>
              {t("confirmed.signedIn")}
            </LocalLink>
          ) : (
            <>
              <p className="mt-2 text-slate-700">{t("confirmed.accountText", { email: enrolment.email })}</p>
              <LocalLink to="/signup" className="mt-3 inline-block rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
                {t("confirmed.createAccount")}
              </LocalLink>
            </>
          )}
        </section>
      ) : null}
      <LocalLink to={`/courses/${enrolment.courseSlug ?? ""}`} className="mt-8 inline-block font-semibold text-indigo-700 hover:underline">
        {t("confirmed.backToCourse")}
      </LocalLink>
    </main>
  );
}
