import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { formatCampDate } from "~/features/camp/camp";
import { getSiteSettings } from "~/features/site/site.server";
import { useLang } from "~/i18n/use-lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { CampsOffStartDate } from "./settings/CampsOffStartDate";
import type { Route } from "./+types/dashboard.route";
import { getDashboard, type SubmissionKind } from "./dashboard.server";
import { formatDateTime } from "~/features/admin-kit/format";
import { StatusBadge } from "./submissions/StatusBadge";
import { submissionPath, type SubmissionKindName } from "./submissions/submission-kinds";
import { WeeklyChart } from "./WeeklyChart";
import { LtrValue } from "~/ui/Bidi";
import { langFromPath } from "~/i18n/lang";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { DemoFunnel } from "~/features/sections/DemoFunnel";
import { demoFunnel } from "~/features/sections/demo-enrolment.server";
import { MoneyView, PaymentNotices } from "~/features/billing";
import { moneyViewData, openPaymentNotices } from "~/features/billing/index.server";
import { formatZoneLabel } from "~/kernel/slot-format";
import { dashboardToday } from "./dashboard-today.server";
import { TodayPanels } from "./TodayPanels";
import { RetentionLink } from "./retention/RetentionLink";
import { academyToday, defaultTerm, retentionHeadline } from "./retention/retention.server";
import { AutomationsHeadline } from "~/features/messaging/AutomationsHeadline";
import { automationHeadlines } from "~/features/messaging/automations.server";

/**
 * Links and figures only: no React ships to the page, signed in too (decision 108); the staff chrome's
 * menu and sign-out work as plain markup, helped by the enhancement script.
 */
export const handle = { hydrate: false, staticWhenSignedIn: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireAdminPage(context, request);
  const [dashboard, settings] = await Promise.all([getDashboard(context.db), getSiteSettings(context.db)]);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const funnel = await demoFunnel(context.db, timeZoneOf(settings), lang);
  const money = await moneyViewData(context, url, lang);
  const paymentNotices = await openPaymentNotices(context.db);
  const timeZone = timeZoneOf(settings);
  const today = await dashboardToday(context.db, timeZone);
  const retention = await retentionHeadline(context.db, defaultTerm(academyToday(timeZone)));
  const automations = await automationHeadlines(context.db);
  return {
    ...dashboard,
    today,
    zoneLabel: formatZoneLabel(new Date(), timeZone, lang),
    academyZone: timeZone,
    funnel,
    retention,
    automations,
    money,
    paymentNotices,
    noticeResolved: url.searchParams.has("notice-resolved"),
    timeZone: settings.timeZone,
    isAdmin: staff.role === "admin",
  };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

const kindPath: Record<SubmissionKind, SubmissionKindName> = {
  school: "school",
  contact: "contact",
  enrollment: "enrollments",
  brochure: "brochure-leads",
};

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const { counts } = loaderData;
  const cards = [
    { key: "courses", value: counts.courses, to: "/admin/courses" },
    { key: "publishedPosts", value: counts.publishedPosts, to: "/admin/blogs?status=published" },
    { key: "scheduledPosts", value: counts.scheduledPosts, to: "/admin/blogs?status=scheduled" },
    { key: "draftPosts", value: counts.draftPosts, to: "/admin/blogs?status=draft" },
    { key: "teachers", value: counts.teachers, to: "/admin/teachers" },
    { key: "newSchoolEnquiries", value: counts.newSchoolEnquiries, to: "/admin/submissions/school?status=new" },
    { key: "newContactMessages", value: counts.newContactMessages, to: "/admin/submissions/contact?status=new" },
    { key: "upcomingBookings", value: counts.upcomingBookings, to: "/admin/slots" },
    { key: "enrollments", value: counts.enrollments, to: "/admin/enrollment-forms" },
    { key: "brochureLeads", value: counts.brochureLeads, to: "/admin/brochure-leads" },
    // Accounts are an admin's business; an editor's dashboard does not lead there.
    ...(loaderData.isAdmin ? [{ key: "users", value: counts.users, to: "/admin/users" }] : []),
  ] as const;

  return (
    <div className="space-y-8">
      <PageMeta title={t("dashboard.title")} description={t("dashboard.title")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("dashboard.title")}</h1>

      <TodayPanels today={loaderData.today} lang={lang} timeZone={loaderData.academyZone} zoneLabel={loaderData.zoneLabel} />

      {loaderData.campSeasonPassed ? (
        <section aria-labelledby="camp-season-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h2 id="camp-season-title" className="mb-1 text-lg font-semibold text-amber-950">
            {t("dashboard.campSeasonPassedTitle")}
          </h2>
          <p className="text-sm text-amber-950">
            {t("dashboard.campSeasonPassedText", { date: formatCampDate(loaderData.campSeasonPassed, lang) })}{" "}
            {loaderData.isAdmin ? (
              <LocalLink to="/admin/settings" className="font-semibold underline">
                {t("dashboard.campSeasonPassedLink")}
              </LocalLink>
            ) : null}
          </p>
        </section>
      ) : null}

      <CampsOffStartDate
        id="camps-off-title"
        camps={loaderData.campsOffStartDate}
        title={t("dashboard.campBatchesOffTitle")}
        text={t("dashboard.campBatchesOffText")}
        links={loaderData.isAdmin}
      />

      {loaderData.failedMails.length > 0 ? (
        <section aria-labelledby="failed-mails-title" className="rounded-lg border border-red-300 bg-red-50 p-4">
          <h2 id="failed-mails-title" className="mb-1 text-lg font-semibold text-red-900">
            {t("dashboard.failedMailsTitle", { count: loaderData.failedMails.length })}
          </h2>
          <p className="mb-3 text-sm text-red-900">{t("dashboard.failedMailsIntro")}</p>
          <ul className="divide-y divide-red-200">
            {loaderData.failedMails.map((mail) => (
              <li key={mail.id} className="flex flex-wrap gap-x-4 gap-y-1 py-2 text-sm text-slate-900">
                <span className="w-36 shrink-0">{formatDateTime(mail.failedAt, lang, loaderData.timeZone)}</span>
                <bdi dir="ltr" className="shrink-0 font-medium">
                  {mail.to}
                </bdi>
                {/* The subject is in the recipient's language, the error in the mail server's: both isolated. */}
                <bdi className="min-w-0 basis-full sm:basis-auto sm:flex-1">{mail.subject}</bdi>
                <span className="basis-full text-red-900">
                  {t("dashboard.failedMailError")} <bdi dir="ltr">{mail.error}</bdi>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="chart-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="chart-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t("dashboard.chartTitle")}
        </h2>
        <WeeklyChart weeks={loaderData.weeks} />
      </section>

      <PaymentNotices
        total={loaderData.paymentNotices.total}
        notices={loaderData.paymentNotices.notices}
        lang={lang}
        timeZone={loaderData.timeZone}
        back="dashboard"
        resolvedNow={loaderData.noticeResolved}
      />

      <MoneyView summary={loaderData.money.summary} refused={loaderData.money.refused} lang={lang} />

      <DemoFunnel rows={loaderData.funnel} />

      <RetentionLink headline={loaderData.retention} />

      <AutomationsHeadline rows={loaderData.automations} />

      <section aria-labelledby="latest-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="latest-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t("dashboard.latestTitle")}
        </h2>
        {loaderData.latest.length === 0 ? (
          <p className="text-slate-600">{t("dashboard.noSubmissions")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {loaderData.latest.map((item) => (
              <li key={`${item.kind}-${item.id}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
                <span className="w-36 shrink-0 text-slate-600">{formatDateTime(item.createdAt, lang, loaderData.timeZone)}</span>
                <span className="w-40 shrink-0 font-medium text-slate-700">{t(`dashboard.kinds.${item.kind}`)}</span>
                <LocalLink to={submissionPath(kindPath[item.kind], item.id)} className="min-w-0 flex-1 truncate text-indigo-700 hover:underline">
                  {item.name ? <>{item.name} · </> : null}
                  <LtrValue>{item.email}</LtrValue>
                </LocalLink>
                <StatusBadge status={item.status} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="counts-title">
        <h2 id="counts-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t("dashboard.countsTitle")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {cards.map((card) => (
            <li key={card.key}>
              <LocalLink to={card.to} className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-400 hover:shadow">
                <span className="block text-3xl font-bold text-slate-900">{card.value}</span>
                <span className="mt-1 block text-sm text-slate-700">{t(`dashboard.counts.${card.key}`)}</span>
              </LocalLink>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
