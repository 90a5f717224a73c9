import { data } from "react-router";
import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { PageMeta } from "~/ui/PageMeta";
import { LocalLink } from "~/ui/LocalLink";
import { PhoneLink } from "~/ui/PhoneLink";
import { StackLabel } from "~/features/admin-kit/StackLabel";
import { formatPhone } from "~/lib/validation";
import { formatDateLabel, formatZoneLabel, formatDateTimeLabel } from "~/kernel/slot-format";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/admin-section-roster.route";
import { sectionRoster } from "./roster.server";
import { groupMakeupNotes } from "~/features/makeups/queries.server";
import { childAttendance } from "~/features/teaching/attendance-stats.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const roster = id > 0 ? await sectionRoster(context.db, id) : undefined;
  if (!roster) throw data(null, { status: 404 });
  const [timeZone, attendance] = await Promise.all([
    academyTimeZone(context.db),
    childAttendance(
      context.db,
      roster.children.map((child) => child.id),
    ),
  ]);
  const { section } = roster;
  return {
    section: {
      id: section.id,
      course: pick({ name_en: section.course_en, name_ar: section.course_ar }, "name", lang),
      first: `${formatDateTimeLabel(section.starts_at, timeZone, lang)}`,
      status: section.status,
      seatsTaken: section.seats_taken,
      capacity: section.capacity,
    },
    zone: formatZoneLabel(new Date(), timeZone, lang),
    // Coming classes with make-up guests or reported absences (decision 076).
    makeups: (await groupMakeupNotes(context.db, section.id, new Date().toISOString())).map((m) => ({
      ...m,
      when: `${formatDateTimeLabel(m.startsAt, timeZone, lang)}`,
    })),
    children: roster.children.map((child) => ({
      id: child.id,
      /** The staff enrolment page (move or drop, decision 067). */
      manageTo: `/admin/enrolments/${encodeURIComponent(child.reference)}`,
      name: child.child_name,
      age: child.child_age,
      parent: child.parent_name,
      email: child.email,
      phone: formatPhone(child.phone),
      source: child.source,
      enrolled: formatDateLabel(child.created_at, timeZone, lang),
      /** Attended marks over all marks taken (issue 30), null before any. */
      attendance: attendance.get(child.id) ?? null,
    })),
  };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/**
 * /admin/sections/:id/roster: a group's children, their parents' contacts and how they came (issue 29).
 * Printable without JavaScript: print CSS (`print:hidden` here, on the staff bar and the admin menu) leaves the roster alone on paper.
 */
export default function AdminSectionRosterPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("sections");
  const { t: tm } = useTranslation("makeups");
  const { t: tt } = useTranslation("teaching");
  const { section, children, zone, makeups } = loaderData;
  const cell = "border-b border-slate-200 px-2 py-1.5 text-start align-top";
  const columns = [
    ...(["child", "age", "parent", "email", "phone", "enrolled", "source"] as const).map((column) => t(`roster.${column}`)),
    tt("staff.childRate"),
  ];
  return (
    <div id="roster" className="space-y-4 print:text-black">
      <PageMeta title={t("roster.title")} description={t("roster.intro")} />
      <p className="text-sm print:hidden">
        <LocalLink to={`/admin/sections/${section.id}`} className="text-indigo-700 underline">
          {t("roster.back")}
        </LocalLink>
      </p>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">
          {t("roster.title")}: {section.course} · {section.first}
        </h1>
        <p className="text-sm text-slate-700">
          {t(`admin.status.${section.status}`)} · {t("admin.seats", { taken: section.seatsTaken, capacity: section.capacity })} · {t("admin.zone", { zone })}
        </p>
      </header>
      <p className="flex flex-wrap gap-4 text-sm print:hidden">
        <a href={`/api/admin/sections/${section.id}/roster.csv`} download className="font-semibold text-indigo-700 underline">
          {t("roster.csv")}
        </a>
        <span className="text-slate-600">{t("roster.printHint")}</span>
      </p>
      {children.length === 0 ? (
        <p className="text-slate-700">{t("roster.none")}</p>
      ) : (
        <div className="sm:overflow-x-auto">
          {/* Below 640 px each child is a card (stack-table, app.css), the phone number on one line. */}
          <table role="table" className="stack-table w-full border-collapse text-sm">
            <caption className="sr-only">{t("roster.caption", { course: section.course })}</caption>
            <thead role="rowgroup">
              <tr role="row" className="bg-slate-50">
                {columns.map((column) => (
                  <th key={column} role="columnheader" scope="col" className={`${cell} font-semibold text-slate-800`}>
                    {column}
                  </th>
                ))}
                <th role="columnheader" scope="col" className={`${cell} font-semibold text-slate-800 print:hidden`}>
                  {t("roster.manage")}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {children.map((child) => (
                <tr key={child.id} role="row">
                  <th role="rowheader" scope="row" className={`${cell} font-medium text-slate-900`}>
                    <StackLabel>{columns[0]!}</StackLabel>
                    {child.name}
                  </th>
                  <td role="cell" className={cell}>
                    <StackLabel>{columns[1]!}</StackLabel>
                    {child.age}
                  </td>
                  <td role="cell" className={cell}>
                    <StackLabel>{columns[2]!}</StackLabel>
                    {child.parent}
                  </td>
                  <td role="cell" className={cell}>
                    <StackLabel>{columns[3]!}</StackLabel>
                    <a href={`mailto:${child.email}`} dir="ltr" className="break-all text-indigo-700 underline">
                      {child.email}
                    </a>
                  </td>
                  <td role="cell" className={cell}>
                    <StackLabel>{columns[4]!}</StackLabel>
                    <PhoneLink phone={child.phone} className="whitespace-nowrap text-indigo-700 underline" />
                  </td>
                  <td role="cell" className={cell}>
                    <StackLabel>{columns[5]!}</StackLabel>
                    {child.enrolled}
                  </td>
                  <td role="cell" className={cell}>
                    <StackLabel>{columns[6]!}</StackLabel>
                    {t(`roster.sources.${child.source}`)}
                  </td>
                  <td role="cell" className={cell} data-rate={child.attendance?.rate ?? ""}>
                    <StackLabel>{columns[7]!}</StackLabel>
                    {child.attendance?.rate == null
                      ? tt("staff.noRate")
                      : tt("staff.childRateValue", { rate: child.attendance.rate, marks: child.attendance.marks })}
                  </td>
                  <td role="cell" className={`${cell} print:hidden`}>
                    <LocalLink to={child.manageTo} aria-label={t("roster.manageFor", { child: child.name })} className="text-indigo-700 underline">
                      {t("roster.manageLink")}
                    </LocalLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {makeups.length > 0 ? (
        <section aria-labelledby="makeups-heading" className="space-y-2">
          <h2 id="makeups-heading" className="text-lg font-bold text-slate-900">
            {tm("roster.heading")}
          </h2>
          <ul className="space-y-2 text-sm">
            {makeups.map((meeting) => (
              <li key={meeting.startsAt} className="rounded-lg border border-slate-200 p-3">
                <p className="font-semibold text-slate-900">{meeting.when}</p>
                <p>
                  {tm("roster.guests")}: {meeting.guests.length > 0 ? meeting.guests.join(", ") : tm("roster.none")}
                </p>
                <p>
                  {tm("roster.absences")}:{" "}
                  {meeting.absences.length > 0 ? meeting.absences.map((a) => (a.reason ? `${a.child} (${a.reason})` : a.child)).join(", ") : tm("roster.none")}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
