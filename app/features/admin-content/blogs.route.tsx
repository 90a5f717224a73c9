import { useTranslation } from "react-i18next";
import { BilingualText } from "~/features/admin-kit/list/BilingualText";
import { requireAdminPage } from "~/lib/page-guards.server";
import { formatPublishDate } from "~/features/admin-kit/format";
import { ListFilter } from "~/features/admin-kit/list/AdminTable";
import { useLang } from "~/i18n/use-lang";
import type { Route } from "./+types/blogs.route";
import { blogCollection } from "./blog-admin.server";
import { CollectionList } from "./CollectionList";
import { loadCollectionList } from "./collection.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const list = await loadCollectionList(blogCollection, context.db, request.url);
  // The moment "scheduled" is judged at, so the server and the browser agree.
  return { ...list, now: new Date().toISOString() };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

export default function BlogsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const { query, result, now } = loaderData;
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
          options={(["draft", "published", "scheduled"] as const).map((s) => ({ value: s, label: t(`blog.status.${s}`) }))}
        />
      }
      columns={[
        {
          key: "title",
          header: t("blog.fields.title"),
          sort: "title",
          cell: (r) => <BilingualText en={r.title_en} ar={r.title_ar} fallback={r.slug} />,
        },
        {
          key: "status",
          header: t("blog.fields.status"),
          sort: "status",
          cell: (r) =>
            r.status === "published" && r.publish_date > now
              ? t("blog.scheduledOn", { date: formatPublishDate(r.publish_date, lang) })
              : t(`blog.status.${r.status}`),
        },
        { key: "category", header: t("blog.fields.category"), cell: (r) => <BilingualText en={r.category_en} ar={r.category_ar} /> },
        { key: "author", header: t("blog.fields.author"), sort: "author", cell: (r) => r.author },
        { key: "date", header: t("blog.fields.publishDate"), sort: "publishDate", cell: (r) => formatPublishDate(r.publish_date, lang) },
      ]}
    />
  );
}
