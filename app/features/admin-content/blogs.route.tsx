import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { formatDateTime } from "~/features/admin/format";
import { AdminTable, ListFilter } from "~/features/admin/list/AdminTable";
import { listRows, parseListQuery } from "~/features/admin/list/list-query.server";
import { getSiteSettings } from "~/features/site/site.server";
import { useLang } from "~/i18n/use-lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/blogs.route";
import { blogListBase, blogListSpec } from "./blog-admin.server";
import { primaryButton } from "./EditorShell";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = parseListQuery(blogListSpec, new URL(request.url).searchParams);
  const [result, settings] = await Promise.all([listRows(blogListBase(context.db), blogListSpec, query), getSiteSettings(context.db)]);
  return { query, result, timeZone: settings.timeZone };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function BlogsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const { query, result, timeZone } = loaderData;
  type Row = (typeof result.rows)[number];
  return (
    <div className="space-y-4">
      <PageMeta title={t("blog.listTitle")} description={t("blog.listTitle")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("blog.listTitle")}</h1>
      <AdminTable<Row>
        caption={t("blog.listTitle")}
        result={result}
        query={query}
        rowKey={(r) => r.id}
        rowHref={(r) => `/admin/blogs/edit/${r.id}`}
        csvHref="/api/admin/blogs"
        emptyText={t("blog.empty")}
        actions={
          <LocalLink to="/admin/blogs/new" className={primaryButton}>
            {t("blog.new")}
          </LocalLink>
        }
        filters={
          <ListFilter
            name="status"
            label={t("blog.fields.status")}
            value={query.filters.status}
            options={(["draft", "published"] as const).map((s) => ({ value: s, label: t(`blog.status.${s}`) }))}
          />
        }
        columns={[
          { key: "title", header: t("blog.fields.title"), sort: "title", cell: (r) => (r.title_en ? <span lang="en">{r.title_en}</span> : r.title_ar ? <span lang="ar">{r.title_ar}</span> : r.slug) },
          { key: "status", header: t("blog.fields.status"), sort: "status", cell: (r) => t(`blog.status.${r.status}`) },
          { key: "category", header: t("blog.fields.category"), cell: (r) => <span lang="en">{r.category_en}</span> },
          { key: "author", header: t("blog.fields.author"), sort: "author", cell: (r) => r.author },
          { key: "date", header: t("blog.fields.publishDate"), sort: "publishDate", cell: (r) => formatDateTime(r.publish_date, lang, timeZone) },
        ]}
      />
    </div>
  );
}
