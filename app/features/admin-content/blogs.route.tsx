import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { formatDateTime } from "~/features/admin/format";
import { ListFilter } from "~/features/admin/list/AdminTable";
import { getSiteSettings } from "~/features/site/site.server";
import { useLang } from "~/i18n/use-lang";
import type { Route } from "./+types/blogs.route";
import { blogCollection } from "./blog-admin.server";
import { CollectionList } from "./CollectionList";
import { loadCollectionList } from "./collection.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const [list, settings] = await Promise.all([loadCollectionList(blogCollection, context.db, request.url), getSiteSettings(context.db)]);
  return { ...list, timeZone: settings.timeZone };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function BlogsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const { query, result, timeZone } = loaderData;
  return (
    <CollectionList
      collection="blogs"
      prefix="blog"
      query={query}
      result={result}
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
  );
}
