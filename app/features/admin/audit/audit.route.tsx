import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { getSiteSettings } from "~/features/site/site.server";
import { useLang } from "~/i18n/use-lang";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/audit.route";
import { formatDateTime } from "~/features/admin/format";
import { AdminTable, ListFilter } from "~/features/admin/list/AdminTable";
import { listRows, parseListQuery } from "~/features/admin/list/list-query.server";
import { auditBase, auditEntities, auditList } from "./audit.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = parseListQuery(auditList, new URL(request.url).searchParams);
  const [result, entities, settings] = await Promise.all([listRows(auditBase(context.db), auditList, query), auditEntities(context.db), getSiteSettings(context.db)]);
  return { query, result, entities, timeZone: settings.timeZone };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

/** Summary JSON as short "key: value" text. */
function describe(summary: string): string {
  try {
    const value = JSON.parse(summary) as unknown;
    if (value === null || typeof value !== "object") return String(value);
    return Object.entries(value as Record<string, unknown>)
      .map(([key, v]) => {
        if (v && typeof v === "object" && "from" in v && "to" in v) return `${key}: ${String((v as { from: unknown }).from)} → ${String((v as { to: unknown }).to)}`;
        return `${key}: ${typeof v === "string" ? v : JSON.stringify(v)}`;
      })
      .join("; ");
  } catch {
    return summary;
  }
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const { query, result, entities, timeZone } = loaderData;
  type Row = (typeof result.rows)[number];
  return (
    <div className="space-y-4">
      <PageMeta title={t("audit.title")} description={t("audit.title")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("audit.title")}</h1>
      <AdminTable<Row>
        caption={t("audit.title")}
        result={result}
        query={query}
        rowKey={(r) => r.id}
        csvHref="/api/admin/audit"
        emptyText={t("audit.empty")}
        filters={<ListFilter name="entity" label={t("audit.entityFilter")} value={query.filters.entity} options={entities.map((e) => ({ value: e, label: e }))} />}
        columns={[
          { key: "when", header: t("audit.when"), sort: "created", cell: (r) => formatDateTime(r.created_at, lang, timeZone) },
          { key: "who", header: t("audit.who"), sort: "who", cell: (r) => r.user_email ?? t("audit.unknownUser") },
          { key: "action", header: t("audit.action"), sort: "action", cell: (r) => r.action },
          { key: "entity", header: t("audit.entity"), sort: "entity", cell: (r) => (r.entity_id ? `${r.entity} #${r.entity_id}` : r.entity) },
          { key: "summary", header: t("audit.summary"), cell: (r) => <span className="break-words text-slate-700">{describe(r.summary)}</span> },
        ]}
      />
    </div>
  );
}
