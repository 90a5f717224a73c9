import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { AdminTable } from "~/features/admin/list/AdminTable";
import { listRows, parseListQuery } from "~/features/admin/list/list-query.server";
import { safeUrl } from "~/lib/safe-url";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/teachers.route";
import { primaryButton } from "./EditorShell";
import { subjectsOf, teacherListBase, teacherListSpec } from "./teacher-admin.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = parseListQuery(teacherListSpec, new URL(request.url).searchParams);
  const result = await listRows(teacherListBase(context.db), teacherListSpec, query);
  return { query, result: { ...result, rows: result.rows.map((r) => ({ ...r, subjects: subjectsOf(r.subjects) })) } };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function TeachersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const { query, result } = loaderData;
  type Row = (typeof result.rows)[number];
  return (
    <div className="space-y-4">
      <PageMeta title={t("teacher.listTitle")} description={t("teacher.listTitle")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("teacher.listTitle")}</h1>
      <AdminTable<Row>
        caption={t("teacher.listTitle")}
        result={result}
        query={query}
        rowKey={(r) => r.id}
        rowHref={(r) => `/admin/teachers/edit/${r.id}`}
        csvHref="/api/admin/teachers"
        emptyText={t("teacher.empty")}
        actions={
          <LocalLink to="/admin/teachers/new" className={primaryButton}>
            {t("teacher.new")}
          </LocalLink>
        }
        columns={[
          { key: "name", header: t("teacher.fields.teachername"), sort: "name", cell: (r) => r.name_en },
          {
            key: "photo",
            header: t("teacher.fields.photo"),
            cell: (r) => {
              const src = safeUrl(r.photo);
              return src ? <img src={src} alt="" className="h-10 w-10 rounded-full object-cover" /> : "—";
            },
          },
          { key: "subjects", header: t("teacher.fields.subjects"), cell: (r) => <span lang="en">{r.subjects.join(", ")}</span> },
          { key: "experience", header: t("teacher.fields.experience"), cell: (r) => <span lang="en">{r.experience_en}</span> },
        ]}
      />
    </div>
  );
}
