import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { AdminTable } from "~/features/admin/list/AdminTable";
import { listRows, parseListQuery } from "~/features/admin/list/list-query.server";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/courses.route";
import { courseListBase, courseListSpec } from "./course-admin.server";
import { primaryButton } from "./EditorShell";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = parseListQuery(courseListSpec, new URL(request.url).searchParams);
  return { query, result: await listRows(courseListBase(context.db), courseListSpec, query) };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function CoursesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const { query, result } = loaderData;
  type Row = (typeof result.rows)[number];
  return (
    <div className="space-y-4">
      <PageMeta title={t("course.listTitle")} description={t("course.listTitle")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("course.listTitle")}</h1>
      <AdminTable<Row>
        caption={t("course.listTitle")}
        result={result}
        query={query}
        rowKey={(r) => r.id}
        rowHref={(r) => `/admin/courses/edit/${r.id}`}
        csvHref="/api/admin/courses"
        emptyText={t("course.empty")}
        actions={
          <LocalLink to="/admin/courses/new" className={primaryButton}>
            {t("course.new")}
          </LocalLink>
        }
        columns={[
          { key: "name", header: t("course.fields.name"), sort: "name", cell: (r) => <span lang="en">{r.name_en}</span> },
          { key: "sessions", header: t("course.fields.sessions"), sort: "sessions", cell: (r) => r.sessions },
          { key: "ages", header: t("course.ages"), sort: "minAge", cell: (r) => `${r.min_age}-${r.max_age}` },
          { key: "price", header: t("course.fields.price"), sort: "price", cell: (r) => `$${r.price}` },
          { key: "instructor", header: t("course.fields.instructor"), sort: "instructor", cell: (r) => r.instructor },
          { key: "rating", header: t("course.fields.rating"), cell: (r) => r.rating ?? "—" },
        ]}
      />
    </div>
  );
}
