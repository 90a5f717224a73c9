import { useTranslation } from "react-i18next";
import type { Route } from "./+types/products.route";
import { CollectionList } from "./CollectionList";
import { productCollection } from "./product-admin.server";
import { listLoader } from "./record-loader.server";

export const loader = listLoader(productCollection);

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
