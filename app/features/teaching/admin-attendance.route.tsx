import { useTranslation } from "react-i18next";
import { langFromPath } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { requireAdminPage } from "~/lib/page-guards.server";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { formatDateLabel, formatZoneLabel } from "~/kernel/slot-format";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/admin-attendance.route";
import { groupAttendance } from "./attendance-stats.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const [groups, timeZone] = await Promise.all([groupAttendance(context.db), academyTimeZone(context.db)]);
  return {
    zone: formatZoneLabel(new Date(), timeZone, lang),
    groups: groups.map((group) => ({
      id: group.sectionId,
      name: `${pick({ name_en: group.courseEn, name_ar: group.courseAr }, "name", lang)} · ${formatDateLabel(group.startsAt, timeZone, lang)}`,
      teacher: group.teacherEn === null ? null : pick({ name_en: group.teacherEn, name_ar: group.teacherAr ?? group.teacherEn }, "name", lang),
      held: group.held,
      taken: group.taken,
      rate: group.rate,
    })),
  };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/attendance: each group's attendance rate (present or late over all marks), linking to its roster's per-child rates. */
export default function AdminAttendancePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("teaching");
  const { groups, zone } = loaderData;
  const cell = "border-b border-slate-200 px-2 py-1.5 text-start align-top";
  return (
    <div className="space-y-4">
      <PageMeta title={t("staff.heading")} description={t("staff.intro")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("staff.heading")}</h1>
      <p className="text-slate-700">{t("staff.intro")}</p>
      <p className="text-sm text-slate-700">{t("staff.zone", { zone })}</p>
      <p>
        <LocalLink to="/admin/attendance/missed" className="font-semibold text-indigo-700 underline">
          {t("staff.missedLink")}
        </LocalLink>
      </p>
      {groups.length === 0 ? (
        <p className="text-slate-700">{t("staff.none")}</p>
      ) : (
        <section className="overflow-x-auto" aria-labelledby="attendance-caption" tabIndex={0}>
          <table className="w-full border-collapse text-sm">
            <caption id="attendance-caption" className="sr-only">
              {t("staff.caption")}
            </caption>
            <thead>
              <tr className="bg-slate-50">
                {(["group", "teacher", "held", "taken", "rate", "roster"] as const).map((column) => (
                  <th key={column} scope="col" className={`${cell} font-semibold text-slate-800`}>
                    {t(`staff.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.id}>
                  <th scope="row" className={`${cell} font-medium text-slate-900`}>
                    {group.name}
                  </th>
                  <td className={cell}>{group.teacher ?? t("staff.noTeacher")}</td>
                  <td className={cell}>{group.held}</td>
                  <td className={cell}>{group.taken}</td>
                  <td className={cell} data-rate={group.rate ?? ""}>
                    {group.rate === null ? t("staff.noRate") : `${group.rate}%`}
                  </td>
                  <td className={cell}>
                    <LocalLink
                      to={`/admin/sections/${group.id}/roster`}
                      aria-label={t("staff.rosterFor", { group: group.name })}
                      className="text-indigo-700 underline"
                    >
                      {t("staff.roster")}
                    </LocalLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
