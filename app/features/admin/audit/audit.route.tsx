import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { getSiteSettings } from "~/features/site/site.server";
import { useLang, useLocalizePath } from "~/i18n/use-lang";
import { PageMeta } from "~/ui/PageMeta";
import { LtrValue } from "~/ui/Bidi";
import type { Route } from "./+types/audit.route";
import { formatDateTime } from "~/features/admin-kit/format";
import { AdminTable, ListFilter } from "~/features/admin-kit/list/AdminTable";
import { listRows, parseListQuery } from "~/features/admin-kit/list/list-query.server";
import { auditBase, auditFilterOptions, auditList, auditRecordLinks } from "./audit.server";
import { parseAuditSummary } from "./audit-summary";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request, "admin");
  const settings = await getSiteSettings(context.db);
  const query = parseListQuery(auditList, new URL(request.url).searchParams, settings.timeZone);
  const [result, options] = await Promise.all([listRows(auditBase(context.db), auditList, query), auditFilterOptions(context.db)]);
  const links = await auditRecordLinks(context.db, result.rows);
  return { query, result, options, links, timeZone: settings.timeZone };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** A value in a change: isolated (it may be English, Arabic, a number or an e-mail); an empty one is seen as "—" and heard as "(empty)". */
function ChangeValue({ value }: { value: string }) {
  const { t } = useTranslation("admin");
  if (value !== "") return <bdi className="rounded bg-slate-100 px-1">{value}</bdi>;
  return (
    <span>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("audit.emptyValue")}</span>
    </span>
  );
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const localize = useLocalizePath();
  const { query, result, options, links, timeZone } = loaderData;
  type Row = (typeof result.rows)[number];
  const entityLabel = (entity: string) => t(`audit.entities.${entity}`, { defaultValue: entity.replace(/_/g, " ") });
  const actionLabel = (action: string) => t(`audit.actions.${action}`, { defaultValue: action.replace(/_/g, " ") });
  const fieldLabel = (field: string) => t(`audit.fields.${field}`, { defaultValue: field.replace(/_/g, " ") });

  // A deleted record keeps its logged name but gets no link.
  const recordCell = (row: Row) => {
    const { name } = parseAuditSummary(row.summary);
    const link = links[`${row.entity}:${row.entity_id}`];
    const label = name ? <bdi>{name}</bdi> : row.entity_id ? `#${row.entity_id}` : "";
    return (
      <span>
        <span className="block text-xs font-semibold uppercase tracking-wide text-slate-500">{entityLabel(row.entity)}</span>
        {link ? (
          <Link to={localize(link)} className="font-medium text-blue-700 underline underline-offset-2">
            {label || entityLabel(row.entity)}
          </Link>
        ) : (
          <span>{label}</span>
        )}
      </span>
    );
  };

  const detailsCell = (row: Row) => {
    const { changes, other } = parseAuditSummary(row.summary);
    if (changes.length === 0 && other.length === 0) return null;
    return (
      <ul className="space-y-1 break-words text-slate-700">
        {changes.map((change) => (
          <li key={change.field}>
            {change.field && <span className="font-medium">{fieldLabel(change.field)}: </span>}
            <ChangeValue value={change.from} />{" "}
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
              →
            </span>
            <span className="sr-only">{t("audit.becomes")}</span> <ChangeValue value={change.to} />
          </li>
        ))}
        {other.map((item) => (
          <li key={item.key}>
            {item.key && <span className="font-medium">{fieldLabel(item.key)}: </span>}
            <bdi>{item.value}</bdi>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="space-y-4">
      <PageMeta title={t("audit.title")} description={t("audit.title")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("audit.title")}</h1>
      <AdminTable<Row>
        dateRange
        caption={t("audit.title")}
        result={result}
        query={query}
        rowKey={(r) => r.id}
        csvHref="/api/admin/audit"
        emptyText={t("audit.empty")}
        filters={
          <>
            <ListFilter
              name="entity"
              label={t("audit.entityFilter")}
              value={query.filters.entity}
              options={options.entities.map((e) => ({ value: e, label: entityLabel(e) }))}
            />
            <ListFilter
              name="action"
              label={t("audit.actionFilter")}
              value={query.filters.action}
              options={options.actions.map((a) => ({ value: a, label: actionLabel(a) }))}
            />
            <ListFilter name="user" label={t("audit.userFilter")} value={query.filters.user} options={options.people.map((p) => ({ value: p, label: p }))} />
          </>
        }
        columns={[
          { key: "when", header: t("audit.when"), sort: "created", cell: (r) => formatDateTime(r.created_at, lang, timeZone) },
          { key: "who", header: t("audit.who"), sort: "who", cell: (r) => (r.user_email ? <LtrValue>{r.user_email}</LtrValue> : t("audit.unknownUser")) },
          { key: "action", header: t("audit.action"), sort: "action", cell: (r) => actionLabel(r.action) },
          { key: "entity", header: t("audit.entity"), sort: "entity", cell: recordCell },
          { key: "summary", header: t("audit.summary"), cell: detailsCell },
        ]}
      />
    </div>
  );
}
