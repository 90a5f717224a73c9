import { useTranslation } from "react-i18next";
import { BilingualText } from "~/features/admin-kit/list/BilingualText";
import type { Route } from "./+types/products.route";
import { CollectionList } from "./CollectionList";
import { productCollection } from "./product-admin.server";
import { listLoader } from "./record-loader.server";

export const loader = listLoader(productCollection);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  return (
    <CollectionList
      collection="products"
      prefix="product"
      {...loaderData}
      columns={[
        { key: "name", header: t("course.fields.name"), sort: "name", cell: (r) => <BilingualText en={r.name_en} ar={r.name_ar} fallback={r.slug} /> },
        { key: "price", header: t("product.fields.price"), sort: "price", cell: (r) => `$${r.price}` },
        { key: "sort", header: t("product.fields.sort"), sort: "sort", cell: (r) => r.sort },
      ]}
    />
  );
}
