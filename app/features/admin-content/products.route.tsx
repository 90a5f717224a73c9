import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/features/accounts/guards.server";
import type { Route } from "./+types/products.route";
import { CollectionList } from "./CollectionList";
import { loadCollectionList } from "./collection.server";
import { productCollection } from "./product-admin.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return loadCollectionList(productCollection, context.db, request.url);
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  return (
    <CollectionList
      collection="products"
      prefix="product"
      {...loaderData}
      columns={[
        { key: "name", header: t("product.fields.nameEn"), sort: "name", cell: (r) => <span lang="en">{r.name_en}</span> },
        { key: "price", header: t("product.fields.price"), sort: "price", cell: (r) => `$${r.price}` },
        { key: "sort", header: t("product.fields.sort"), sort: "sort", cell: (r) => r.sort },
      ]}
    />
  );
}
