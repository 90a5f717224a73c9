import { collectionApi } from "./collection-api.server";
import { defineCollection } from "./collection.server";
import { productSchema } from "./product-admin.schema";
import { createProduct, deleteProduct, getProductForm, productListBase, productListSpec, updateProduct } from "./product-admin.server";

/** Shop products: the slug is made from the English name when created and kept after. */
export const productCollection = defineCollection({
  name: "products",
  schema: productSchema,
  list: {
    base: productListBase,
    spec: productListSpec,
    filename: "products",
    columns: [
      { header: "id", value: (r) => r.id },
      { header: "name", value: (r) => r.name_en },
      { header: "name_ar", value: (r) => r.name_ar },
      { header: "slug", value: (r) => r.slug },
      { header: "price", value: (r) => r.price },
      { header: "sort", value: (r) => r.sort },
      { header: "updated_at", value: (r) => r.updated_at },
    ],
  },
  read: getProductForm,
  create: { save: createProduct },
  update: updateProduct,
  remove: deleteProduct,
});

export const productAdminApi = collectionApi(productCollection);
