import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { data, useNavigate } from "react-router";
import { toast } from "~/ui/toast";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { idOr404Page } from "~/features/admin/admin-http.server";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { Field, inputClass } from "~/ui/Field";
import { PageMeta } from "~/ui/PageMeta";
import { useSaveRecord } from "./use-save-record";
import type { Route } from "./+types/product-editor.route";
import { ConfirmDelete } from "./ConfirmDelete";
import { EditorShell, primaryButton } from "./EditorShell";
import { ImageUpload } from "./ImageUpload";
import { productSchema, type ProductInput, type ProductValues } from "./product-admin.schema";
import { getProductForm } from "./product-admin.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const rawId = (params as { id?: string }).id;
  if (rawId === undefined) {
    const product: ProductInput = { nameEn: "", nameAr: "", descriptionEn: "", descriptionAr: "", price: 0, imageUrl: "", sort: 0 };
    return { id: null, product };
  }
  const found = await getProductForm(context.db, idOr404Page(rawId));
  if (!found) throw data(null, { status: 404 });
  return found;
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function ProductEditorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const title = loaderData.id ? t("product.editTitle") : t("product.newTitle");
  return (
    <EditorShell title={title} backTo="/admin/products" backLabel={t("product.back")}>
      <PageMeta title={title} description={title} />
      <ProductEditor key={loaderData.id ?? "new"} id={loaderData.id} initial={loaderData.product} />
    </EditorShell>
  );
}

const asNumber = (value: unknown) => (value === "" || value === null || value === undefined ? undefined : Number(value));

function ProductEditor({ id, initial }: { id: number | null; initial: ProductInput }) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const navigate = useNavigate();
  const save = useSaveRecord("products", id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductInput, unknown, ProductValues>({ resolver: zodResolver(productSchema), defaultValues: initial });

  const onSubmit = handleSubmit(async (values) => {
    await save(values, setError);
  });

  async function remove() {
    if (!id) return;
    try {
      const result = await apiRequest("DELETE", `/api/admin/products/${id}`, { lang });
      if (!result.ok) {
        toast.error(result.data?.message ?? t("form.deleteFailed"));
        return;
      }
      toast.success(result.data?.message ?? t("form.deleted"));
      navigate(localizePath("/admin/products", lang));
    } catch {
      toast.error(t("form.network"));
    }
  }

  const text = (name: "nameEn" | "nameAr" | "descriptionEn" | "descriptionAr", label: string, multiline = false) => (
    <Field key={name} label={label} error={errors[name]?.message}>
      {({ id: fid, describedBy, invalid }) =>
        multiline ? (
          <textarea id={fid} rows={3} dir={name.endsWith("Ar") ? "rtl" : "ltr"} lang={name.endsWith("Ar") ? "ar" : "en"} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register(name)} />
        ) : (
          <input id={fid} dir={name.endsWith("Ar") ? "rtl" : "ltr"} lang={name.endsWith("Ar") ? "ar" : "en"} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register(name)} />
        )
      }
    </Field>
  );
  const number = (name: "price" | "sort", label: string) => (
    <Field key={name} label={label} error={errors[name]?.message}>
      {({ id: fid, describedBy, invalid }) => (
        <input id={fid} type="number" min={0} step={1} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register(name, { setValueAs: asNumber })} />
      )}
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2">
        {text("nameEn", t("product.fields.nameEn"))}
        {text("nameAr", t("product.fields.nameAr"))}
        {text("descriptionEn", t("product.fields.descriptionEn"), true)}
        {text("descriptionAr", t("product.fields.descriptionAr"), true)}
        {number("price", t("product.fields.price"))}
        {number("sort", t("product.fields.sort"))}
      </div>
      <Controller
        control={control}
        name="imageUrl"
        render={({ field, fieldState }) => <ImageUpload label={t("product.fields.image")} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
      />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t("form.saving") : t("form.save")}
        </button>
        {id ? (
          <div className="ms-auto">
            <ConfirmDelete question={t("product.confirmDelete")} onConfirm={remove} />
          </div>
        ) : null}
      </div>
    </form>
  );
}
