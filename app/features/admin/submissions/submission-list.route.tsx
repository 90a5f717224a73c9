import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { getSiteSettings } from "~/features/site/site.server";
import { stripLang } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/submission-list.route";
import { formatDateTime } from "~/features/admin/format";
import { AdminTable, ListFilter, type AdminColumn } from "~/features/admin/list/AdminTable";
import { listRows, parseListQuery } from "~/features/admin/list/list-query.server";
import { StatusBadge } from "./StatusBadge";
import { kindFromPath, submissionKinds, submissionPath, submissionStatuses, type SubmissionKindName, LTR_COLUMN } from "./submission-kinds";
import { submissionBase, submissionServer, type SubmissionRow } from "./submissions.server";
import { LtrValue } from "~/ui/Bidi";

/** One page for the four submission lists; the path says which. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const kind = kindFromPath(stripLang(url.pathname));
  if (!kind) throw data(null, { status: 404 });
  const { spec } = submissionServer[kind];
  const settings = await getSiteSettings(context.db);
  const query = parseListQuery(spec, url.searchParams, settings.timeZone);
  const result = await listRows(submissionBase(context.db, kind), spec, query);
  return { kind, query, result, timeZone: settings.timeZone };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

type Row = SubmissionRow;

function useColumns(kind: SubmissionKindName, timeZone: string): AdminColumn<Row>[] {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const text = (key: string, column: string, sort?: string): AdminColumn<Row> => ({ key: column, header: t(`fields.${key}`), sort, cell: (row) => (LTR_COLUMN.test(column) ? <LtrValue>{String(row[column] ?? "")}</LtrValue> : String(row[column] ?? "")) });
  const received: AdminColumn<Row> = { key: "created_at", header: t("fields.created_at"), sort: "created", cell: (row) => formatDateTime(row.created_at, lang, timeZone) };
  const status: AdminColumn<Row> = { key: "status", header: t("fields.status"), sort: "status", cell: (row) => <StatusBadge status={row.status} /> };
  switch (kind) {
    case "school":
      return [text("name", "name", "name"), text("school_name", "school_name", "school"), text("city", "city", "city"), text("email", "email"), text("preferred_date", "preferred_date", "date"), status, received];
    case "contact":
      return [
        text("email", "email", "email"),
        { key: "description", header: t("fields.description"), cell: (row) => <span className="line-clamp-2 max-w-md">{String(row.description)}</span> },
        status,
        received,
      ];
    case "enrollments":
      return [text("student_name", "student_name", "student"), text("parent_name", "parent_name", "parent"), text("email", "email"), text("camp_title", "camp_title", "camp"), text("session", "session", "session"), status, received];
    case "brochure-leads":
      return [text("student_name", "student_name", "student"), text("student_email", "student_email"), text("grade", "grade", "grade"), text("school", "school", "school"), status, received];
  }
}

export default function SubmissionListPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { kind, query, result, timeZone } = loaderData;
  const info = submissionKinds[kind];
  const columns = useColumns(kind, timeZone);
  return (
    <div className="space-y-4">
      <PageMeta title={t(info.titleKey)} description={t(info.titleKey)} />
      <h1 className="text-2xl font-bold text-slate-900">{t(info.titleKey)}</h1>
      <AdminTable
        dateRange
        caption={t(info.titleKey)}
        columns={columns}
        result={result}
        query={query}
        rowKey={(row) => row.id}
        rowHref={(row) => submissionPath(kind, row.id)}
        csvHref={info.api}
        emptyText={t("submissions.empty")}
        filters={
          <ListFilter
            name="status"
            label={t("fields.status")}
            value={query.filters.status}
            options={submissionStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
        }
      />
    </div>
  );
}
