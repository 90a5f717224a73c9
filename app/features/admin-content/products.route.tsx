import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { AdminTable } from "~/features/admin/list/AdminTable";
import { listRows, parseListQuery } from "~/features/admin/list/list-query.server";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/products.route";
import { primaryButton } from "./EditorShell";
import { productListBase, productListSpec } from "./product-admin.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = parseListQuery(productListSpec, new URL(request.url).searchParams);
  return { query, result: await listRows(productListBase(context.db), productListSpec, query) };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const { query, result } = loaderData;
  type Row = (typeof result.rows)[number];
  return (
    <div className="space-y-4">
      <PageMeta title={t("product.listTitle")} description={t("product.listTitle")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("product.listTitle")}</h1>
      <AdminTable<Row>
        caption={t("product.listTitle")}
        result={result}
        query={query}
        rowKey={(r) => r.id}
        rowHref={(r) => `/admin/products/edit/${r.id}`}
        csvHref="/api/admin/products"
        emptyText={t("product.empty")}
        actions={
          <LocalLink to="/admin/products/new" className={primaryButton}>
            {t("product.new")}
          </LocalLink>
        }
        columns={[
          { key: "name", header: t("product.fields.nameEn"), sort: "name", cell: (r) => <span lang="en">{r.name_en}</span> },
          { key: "price", header: t("product.fields.price"), sort: "price", cell: (r) => `$${r.price}` },
          { key: "sort", header: t("product.fields.sort"), sort: "sort", cell: (r) => r.sort },
        ]}
      />
    </div>
  );
}
