import { useTranslation } from "react-i18next";
import type { Route } from "./+types/product-editor.route";
import { EditorPage } from "./EditorShell";
import { productSchema, type ProductInput } from "./product-admin.schema";
import { getProductForm } from "./product-admin.server";
import { editorLoader } from "./record-loader.server";
import { EditorActions, ImageField, TextField, asNumber } from "./RecordFields";
import { useDeleteRecord } from "./use-delete-record";
import { useRecordForm } from "./use-record-form";

const empty: ProductInput = { nameEn: "", nameAr: "", descriptionEn: "", descriptionAr: "", price: 0, imageUrl: "", sort: 0 };

export const loader = editorLoader(getProductForm, () => ({ id: null, product: empty }));

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

export default function ProductEditorPage({ loaderData }: Route.ComponentProps) {
  return (
    <EditorPage collection="products" prefix="product" id={loaderData.id}>
      <ProductEditor id={loaderData.id} initial={loaderData.product} />
    </EditorPage>
  );
}

function ProductEditor({ id, initial }: { id: number | null; initial: ProductInput }) {
  const { t } = useTranslation("admin-content");
  const form = useRecordForm({ collection: "products", id, schema: productSchema, defaults: initial });
  const remove = useDeleteRecord("products", id);
  const { register, control } = form.methods;
  const text = (name: "nameEn" | "nameAr" | "descriptionEn" | "descriptionAr", rows?: number) => (
    <TextField label={t(`product.fields.${name}`)} error={form.error(name)} control={form.field(name)} dir={name.endsWith("Ar") ? "rtl" : "ltr"} rows={rows} />
  );
  const number = (name: "price" | "sort") => (
    <TextField type="number" label={t(`product.fields.${name}`)} error={form.error(name)} control={register(name, { setValueAs: asNumber })} />
  );
  return (
    <form {...form.formProps} className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2">
        {text("nameEn")}
        {text("nameAr")}
        {text("descriptionEn", 3)}
        {text("descriptionAr", 3)}
        {number("price")}
        {number("sort")}
      </div>
      <ImageField control={control} name="imageUrl" label={t("product.fields.image")} />
      <EditorActions
        pending={form.pending}
        dirty={form.methods.formState.isDirty}
        deleteQuestion={t("product.confirmDelete")}
        onDelete={id ? remove : undefined}
      />
    </form>
  );
}
