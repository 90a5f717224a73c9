import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { LocalLink } from "~/ui/LocalLink";
import { useLocalizePath } from "~/i18n/use-lang";
import { StackLabel } from "~/features/admin-kit/StackLabel";
import type { Route } from "./+types/admin-sections.route";
import { adminSectionList } from "./admin-sections-list.server";

/** A GET filter form, links and a table: no React ships to the page, signed in too (decisions 108, 114). */
export const handle = { hydrate: false, staticWhenSignedIn: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  return adminSectionList(context.db, langFromPath(url.pathname), url.searchParams);
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

const cell = "border-b border-slate-200 px-2 py-2 text-start align-top";
const nowrap = `${cell} whitespace-nowrap`;
const select = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm";

/** /admin/sections: every course group as a table, filtered by course, instructor and status (issue 42 step 9). */
export default function AdminSectionsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("sections");
  const localize = useLocalizePath();
  const { rows, total, filter, courses, teachers, zone } = loaderData;
  const columns = [t("admin.course"), t("admin.list.when"), t("admin.list.dates"), t("admin.teacher"), t("admin.capacity"), t("admin.list.status")];
  const filtered = filter.course !== "" || filter.teacher !== "" || filter.status !== "";
  return (
    <div className="space-y-6">
      <PageMeta title={t("admin.title")} description={t("admin.intro")} />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t("admin.title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("admin.zone", { zone })}</p>
        </div>
        <LocalLink to="/admin/sections/new" className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
          {t("admin.new")}
        </LocalLink>
      </header>

      <form
        method="get"
        action={localize("/admin/sections")}
        aria-label={t("admin.list.filter")}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-4 sm:items-end"
      >
        <label className="text-sm font-medium text-slate-800">
          {t("admin.course")}
          <select name="course" defaultValue={filter.course} className={select}>
            <option value="">{t("admin.list.all")}</option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t("admin.teacher")}
          <select name="teacher" defaultValue={filter.teacher} className={select}>
            <option value="">{t("admin.list.all")}</option>
            <option value="none">{t("admin.noTeacher")}</option>
            {teachers.map((teacher) => (
              <option key={teacher.id} value={teacher.id}>
                {teacher.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t("admin.list.status")}
          <select name="status" defaultValue={filter.status} className={select}>
            <option value="">{t("admin.list.all")}</option>
            {(["open", "closed", "cancelled"] as const).map((status) => (
              <option key={status} value={status}>
                {t(`admin.status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="rounded-lg border border-indigo-600 px-4 py-1.5 font-semibold text-indigo-700 hover:bg-indigo-50">
            {t("admin.list.apply")}
          </button>
          {filtered ? (
            <LocalLink to="/admin/sections" className="text-sm text-indigo-700 underline">
              {t("admin.list.clear")}
            </LocalLink>
          ) : null}
        </div>
      </form>

      <p role="status" className="text-sm text-slate-700">
        {t("admin.list.count", { count: rows.length, total })}
      </p>

      {rows.length === 0 ? (
        <p className="text-slate-700">{total === 0 ? t("admin.none") : t("admin.list.noMatch")}</p>
      ) : (
        <table role="table" className="stack-table w-full border-collapse rounded-2xl bg-white text-sm">
          <caption className="sr-only">{t("admin.title")}</caption>
          <thead role="rowgroup">
            <tr role="row" className="bg-slate-50">
              {columns.map((column) => (
                <th key={column} role="columnheader" scope="col" className={`${cell} font-semibold text-slate-800`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row) => (
              <tr key={row.id} role="row" className={row.status === "cancelled" ? "text-slate-500" : "text-slate-900"}>
                <th role="rowheader" scope="row" className={`${cell} font-semibold`}>
                  <StackLabel>{columns[0]!}</StackLabel>
                  <LocalLink to={`/admin/sections/${row.id}`} className="text-indigo-700 underline">
                    {row.course}
                  </LocalLink>
                  <span className="block text-xs font-normal text-slate-600">
                    {t(`language.${row.language}`)} ·{" "}
                    <LocalLink to={`/admin/sections/${row.id}/roster`} className="text-indigo-700 underline">
                      {t("admin.rosterLink")}
                      <span className="sr-only"> {row.course}</span>
                    </LocalLink>
                  </span>
                </th>
                <td role="cell" className={cell}>
                  <StackLabel>{columns[1]!}</StackLabel>
                  {row.days} · <bdi dir="ltr">{row.startTime}</bdi>
                </td>
                <td role="cell" className={cell}>
                  <StackLabel>{columns[2]!}</StackLabel>
                  {t("admin.list.range", { from: row.from, to: row.to, count: row.meetings })}
                </td>
                <td role="cell" className={cell}>
                  <StackLabel>{columns[3]!}</StackLabel>
                  {row.instructor ?? t("admin.noTeacher")}
                </td>
                <td role="cell" className={nowrap}>
                  <StackLabel>{columns[4]!}</StackLabel>
                  <bdi dir="ltr">{t("admin.list.seats", { taken: row.seatsTaken, capacity: row.capacity })}</bdi>
                </td>
                <td role="cell" className={nowrap}>
                  <StackLabel>{columns[5]!}</StackLabel>
                  {t(`admin.status.${row.status}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
