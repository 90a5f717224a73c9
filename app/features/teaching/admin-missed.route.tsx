import { useTranslation } from "react-i18next";
import { langFromPath } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { requireAdminPage } from "~/lib/page-guards.server";
import { formatPhone } from "~/lib/validation";
import { BackArrow } from "~/ui/Bidi";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { PhoneLink } from "~/ui/PhoneLink";
import { formatDateLabel } from "~/kernel/slot-format";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/admin-missed.route";
import { missedTwoInARow } from "./attendance-stats.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const [children, timeZone] = await Promise.all([missedTwoInARow(context.db), academyTimeZone(context.db)]);
  return {
    children: children.map((child) => ({
      id: child.enrolmentId,
      sectionId: child.sectionId,
      name: child.childName,
      age: child.childAge,
      course: pick({ name_en: child.courseEn, name_ar: child.courseAr }, "name", lang),
      parent: child.parentName,
      email: child.email,
      phone: formatPhone(child.phone),
      missed: child.missed.map((at) => formatDateLabel(at, timeZone, lang)),
    })),
  };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/attendance/missed: children whose two latest classes were marked absent, with their parents' contacts. */
export default function AdminMissedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("teaching");
  const { children } = loaderData;
  const cell = "border-b border-slate-200 px-2 py-1.5 text-start align-top";
  return (
    <div className="space-y-4">
      <PageMeta title={t("staff.missed.heading")} description={t("staff.missed.intro")} />
      <p className="text-sm">
        <LocalLink to="/admin/attendance" className="text-indigo-700 underline">
          <BackArrow /> {t("staff.missed.back")}
        </LocalLink>
      </p>
      <h1 className="text-2xl font-bold text-slate-900">{t("staff.missed.heading")}</h1>
      <p className="text-slate-700">{t("staff.missed.intro")}</p>
      {children.length === 0 ? (
        <p className="text-slate-700">{t("staff.missed.none")}</p>
      ) : (
        <section className="overflow-x-auto" aria-labelledby="missed-caption" tabIndex={0}>
          <table className="w-full border-collapse text-sm">
            <caption id="missed-caption" className="sr-only">
              {t("staff.missed.caption")}
            </caption>
            <thead>
              <tr className="bg-slate-50">
                {(["child", "age", "course", "parent", "phone", "email", "dates"] as const).map((column) => (
                  <th key={column} scope="col" className={`${cell} font-semibold text-slate-800`}>
                    {t(`staff.missed.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {children.map((child) => (
                <tr key={child.id}>
                  <th scope="row" className={`${cell} font-medium text-slate-900`}>
                    {child.name}
                  </th>
                  <td className={cell}>{child.age}</td>
                  <td className={cell}>
                    <LocalLink to={`/admin/sections/${child.sectionId}/roster`} className="text-indigo-700 underline">
                      {child.course}
                    </LocalLink>
                  </td>
                  <td className={cell}>{child.parent}</td>
                  <td className={cell}>
                    <PhoneLink phone={child.phone} className="text-indigo-700 underline" />
                  </td>
                  <td className={cell}>
                    <a href={`mailto:${child.email}`} dir="ltr" className="break-all text-indigo-700 underline">
                      {child.email}
                    </a>
                  </td>
                  <td className={cell}>
                    <ul>
                      {child.missed.map((date) => (
                        <li key={date}>{date}</li>
                      ))}
                    </ul>
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
