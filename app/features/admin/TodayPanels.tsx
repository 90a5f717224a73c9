import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import { LtrValue } from "~/ui/Bidi";
import { PhoneLink } from "~/ui/PhoneLink";
import { formatMoney } from "~/lib/money";
import { formatDateTimeLabel, formatDayLabel, formatTimeLabel } from "~/kernel/slot-format";
import { adminInvoicePath } from "~/features/billing";
import type { AttendanceState, DashboardToday } from "./dashboard-today.server";

/**
 * The dashboard's first screen (issue 42 step 9, decision 114): today's classes with their
 * attendance, trial classes in the next 48 hours, overdue invoices, the week's new enrolments.
 * Plain markup and links: the dashboard ships no React (decision 108).
 */

const badge: Record<AttendanceState, string> = {
  taken: "border-green-300 bg-green-50 text-green-900",
  partial: "border-amber-300 bg-amber-50 text-amber-950",
  missing: "border-red-300 bg-red-50 text-red-900",
  upcoming: "border-slate-300 bg-slate-50 text-slate-800",
  cancelled: "border-slate-300 bg-slate-100 text-slate-700",
};

function Panel({ id, title, more, children }: { id: string; title: string; more?: { to: string; label: string }; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h3>
        {more ? (
          <LocalLink to={more.to} className="text-sm font-medium text-indigo-700 underline hover:text-indigo-900">
            {more.label}
          </LocalLink>
        ) : null}
      </div>
      {children}
    </section>
  );
}

const empty = (text: string) => <p className="text-sm text-slate-700">{text}</p>;

export function TodayPanels({ today, lang, timeZone, zoneLabel }: { today: DashboardToday; lang: Lang; timeZone: string; zoneLabel: string }) {
  const { t } = useTranslation("admin");
  const k = (key: string) => `dashboard.today.${key}`;
  return (
    <section aria-labelledby="today-title" className="space-y-4">
      <div>
        <h2 id="today-title" className="text-xl font-bold text-slate-900">
          {t(k("heading"), { date: formatDayLabel(today.today, lang) })}
        </h2>
        <p className="text-sm text-slate-600">{t(k("zone"), { zone: zoneLabel })}</p>
      </div>

      <Panel id="today-classes" title={t(k("classesTitle"))} more={{ to: "/admin/sections", label: t(k("allGroups")) }}>
        {today.classes.length === 0 ? (
          empty(t(k("noClasses")))
        ) : (
          <ul className="divide-y divide-slate-100">
            {today.classes.map((row) => (
              <li key={row.meetingId} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
                <span className="w-12 shrink-0 font-semibold text-slate-900">
                  <LtrValue>{formatTimeLabel(row.startsAt, timeZone, lang)}</LtrValue>
                </span>
                <span className="min-w-0 flex-1">
                  <LocalLink to={`/teaching/meetings/${row.meetingId}`} className="font-medium text-indigo-700 underline">
                    {lang === "ar" ? row.courseAr : row.courseEn}
                  </LocalLink>
                  <span className="block text-slate-700">
                    {row.instructor ? t(k("instructor"), { name: row.instructor[lang] }) : t(k("noInstructor"))} · {t(k("children"), { count: row.enrolled })}
                  </span>
                </span>
                <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${badge[row.attendance]}`} data-attendance={row.attendance}>
                  {t(k(`attendance.${row.attendance}`), { marked: row.marked, enrolled: row.enrolled })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel id="today-trials" title={t(k("trialsTitle"))} more={{ to: "/admin/slots", label: t(k("allTrials")) }}>
          {today.trials.length === 0 ? (
            empty(t(k("noTrials")))
          ) : (
            <ul className="divide-y divide-slate-100">
              {today.trials.map((trial) => (
                <li key={trial.id} className="py-2 text-sm text-slate-800">
                  <span className="block font-semibold text-slate-900">{formatDateTimeLabel(trial.startsAt, timeZone, lang)}</span>
                  <span className="block">
                    {t(k("trialChild"), { child: trial.childName, age: trial.childAge })} · <bdi>{trial.courseName}</bdi>
                  </span>
                  <span className="block">
                    {t(k("trialParent"), { name: trial.parentName })} ·{" "}
                    <PhoneLink phone={trial.phone} className="whitespace-nowrap text-indigo-700 underline" />
                    {trial.code ? (
                      <>
                        {" · "}
                        {t(k("trialCode"), { code: trial.code })}
                      </>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel
          id="today-overdue"
          title={t(k("overdueTitle"))}
          more={today.overdue.total > 0 ? { to: "/admin/billing?status=overdue", label: t(k("allOverdue")) } : undefined}
        >
          {today.overdue.total === 0 ? (
            empty(t(k("noOverdue")))
          ) : (
            <>
              <p className="text-sm font-semibold text-red-900">{t(k("overdueCount"), { count: today.overdue.total })}</p>
              <ul className="divide-y divide-slate-100">
                {today.overdue.invoices.map((invoice) => (
                  <li key={invoice.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
                    <LocalLink to={adminInvoicePath(invoice.id)} className="font-medium text-indigo-700 underline">
                      <LtrValue>{invoice.number}</LtrValue>
                    </LocalLink>
                    <span className="min-w-0 flex-1 basis-40 text-slate-800">
                      {invoice.parentName} · {invoice.childName}
                    </span>
                    <span className="whitespace-nowrap font-semibold text-red-900">
                      {t(k("owed"), { amount: formatMoney(invoice.owedMinor, invoice.currency, lang) })}
                    </span>
                    <span className="basis-full text-slate-700">{t(k("dueOn"), { date: formatDayLabel(invoice.dueOn, lang) })}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Panel>
      </div>

      <Panel id="today-enrolments" title={t(k("enrolmentsTitle"))}>
        {today.enrolments.total === 0 ? (
          empty(t(k("noEnrolments")))
        ) : (
          <>
            <p className="text-sm text-slate-800">{t(k("enrolmentsCount"), { count: today.enrolments.total })}</p>
            <ul className="divide-y divide-slate-100">
              {today.enrolments.rows.map((row) => (
                <li key={row.reference} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
                  <span className="w-40 shrink-0 text-slate-600">{formatDateTimeLabel(row.createdAt, timeZone, lang)}</span>
                  <LocalLink to={`/admin/enrolments/${encodeURIComponent(row.reference)}`} className="font-medium text-indigo-700 underline">
                    {row.childName}
                  </LocalLink>
                  <span className="min-w-0 flex-1 basis-40 text-slate-800">
                    <LocalLink to={`/admin/sections/${row.sectionId}`} className="text-slate-800 underline">
                      {lang === "ar" ? row.courseAr : row.courseEn}
                    </LocalLink>
                    {row.source === "demo" ? <span className="ms-2 text-xs text-slate-600">({t(k("fromTrial"))})</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Panel>
    </section>
  );
}
