import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { data, useNavigate } from "react-router";
import { toast } from "~/ui/toast";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { idOr404Page } from "~/features/admin/admin-http.server";
import { ContentBlocks } from "~/features/blog/ContentBlocks";
import { langOfDir, localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { safeUrl } from "~/lib/safe-url";
import { zodResolver } from "~/lib/zod-form";
import { Field, inputClass } from "~/ui/Field";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { useSaveRecord } from "./use-save-record";
import type { Route } from "./+types/blog-editor.route";
import { blogPostSchema, type BlogPostInput, type BlogPostValues } from "./blog-admin.schema";
import { getBlogPostForm } from "./blog-admin.server";
import { BlocksEditor } from "./BlocksEditor";
import { ConfirmDelete } from "./ConfirmDelete";
import { EditorShell, LanguageTabs, primaryButton, secondaryButton } from "./EditorShell";
import { todayIso } from "./form-errors";
import { ImageUpload } from "./ImageUpload";
import { slugify } from "./slug";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const rawId = (params as { id?: string }).id;
  if (rawId === undefined) {
    const post: BlogPostInput = {
      slug: "",
      status: "draft",
      author: user.username,
      publishDate: todayIso(),
      imageUrl: "",
      titleEn: "", descriptionEn: "", categoryEn: "", metaTitleEn: "", metaDescriptionEn: "", metaKeywordsEn: "", contentEn: [],
      titleAr: "", descriptionAr: "", categoryAr: "", metaTitleAr: "", metaDescriptionAr: "", metaKeywordsAr: "", contentAr: [],
    };
    return { id: null, post };
  }
  const found = await getBlogPostForm(context.db, idOr404Page(rawId));
  if (!found) throw data(null, { status: 404 });
  const { id, ...post } = found;
  return { id, post };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function BlogEditorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const title = loaderData.id ? t("blog.editTitle") : t("blog.newTitle");
  return (
    <EditorShell title={title} backTo="/admin/blogs" backLabel={t("blog.back")}>
      <PageMeta title={title} description={title} />
      <BlogEditor key={loaderData.id ?? "new"} id={loaderData.id} initial={loaderData.post} />
    </EditorShell>
  );
}

const languageFieldNames = ["title", "description", "category", "metaTitle", "metaDescription", "metaKeywords", "content"] as const;

function BlogEditor({ id, initial }: { id: number | null; initial: BlogPostInput }) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const navigate = useNavigate();
  const save = useSaveRecord("blogs", id);
  const [tab, setTab] = useState<"En" | "Ar">("En");
  const [preview, setPreview] = useState(false);
  // A new post's slug follows its English title until staff edit the slug themselves.
  const [slugEdited, setSlugEdited] = useState(id !== null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<BlogPostInput, unknown, BlogPostValues>({ resolver: zodResolver(blogPostSchema), defaultValues: initial });
  const status = useWatch({ control, name: "status" });
  const savedSlug = initial.slug;

  const tabInvalid = (suffix: "En" | "Ar") => languageFieldNames.some((name) => Boolean(errors[`${name}${suffix}`]));

  const onSubmit = handleSubmit(
    async (values) => {
      await save(values, setError);
    },
    (invalid) => {
      // Show the language tab that holds the first error.
      const fields = Object.keys(invalid);
      if (!fields.some((f) => f.endsWith(tab)) && fields.some((f) => f.endsWith(tab === "En" ? "Ar" : "En"))) setTab(tab === "En" ? "Ar" : "En");
    },
  );

  async function remove() {
    if (!id) return;
    try {
      const result = await apiRequest("DELETE", `/api/admin/blogs/${id}`, { lang });
      if (!result.ok) {
        toast.error(result.data?.message ?? t("form.deleteFailed"));
        return;
      }
      toast.success(result.data?.message ?? t("form.deleted"));
      navigate(localizePath("/admin/blogs", lang));
    } catch {
      toast.error(t("form.network"));
    }
  }

  const dir = tab === "Ar" ? "rtl" : "ltr";
  const suffix = tab;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2">
        <Field label={t("blog.fields.slug")} error={errors.slug?.message} hint={t("blog.slugHint")}>
          {({ id: fid, describedBy, invalid }) => (
            <input id={fid} dir="ltr" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("slug", { onChange: () => setSlugEdited(true) })} />
          )}
        </Field>
        <Field label={t("blog.fields.status")} error={errors.status?.message}>
          {({ id: fid, describedBy, invalid }) => (
            <select id={fid} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("status")}>
              <option value="draft">{t("blog.status.draft")}</option>
              <option value="published">{t("blog.status.published")}</option>
            </select>
          )}
        </Field>
        <Field label={t("blog.fields.author")} error={errors.author?.message}>
          {({ id: fid, describedBy, invalid }) => <input id={fid} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("author")} />}
        </Field>
        <Field label={t("blog.fields.publishDate")} error={errors.publishDate?.message}>
          {({ id: fid, describedBy, invalid }) => <input id={fid} type="date" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("publishDate")} />}
        </Field>
      </div>
      <Controller
        control={control}
        name="imageUrl"
        render={({ field, fieldState }) => <ImageUpload label={t("blog.fields.image")} value={field.value ?? ""} onChange={field.onChange} error={fieldState.error?.message} />}
      />

      <LanguageTabs value={tab} onChange={setTab} invalid={{ En: tabInvalid("En"), Ar: tabInvalid("Ar") }} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} dir={dir} className="space-y-4">
        <Field key={`title${suffix}`} label={t("blog.fields.title")} error={errors[`title${suffix}`]?.message}>
          {({ id: fid, describedBy, invalid }) => (
            <input
              id={fid}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              lang={langOfDir(dir)}
              {...register(`title${suffix}`, {
                onChange: (event: { target: { value: string } }) => {
                  if (suffix === "En" && !slugEdited) setValue("slug", slugify(event.target.value));
                },
              })}
            />
          )}
        </Field>
        <Field key={`description${suffix}`} label={t("blog.fields.description")} error={errors[`description${suffix}`]?.message}>
          {({ id: fid, describedBy, invalid }) => <textarea id={fid} rows={3} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} lang={langOfDir(dir)} {...register(`description${suffix}`)} />}
        </Field>
        <Field key={`category${suffix}`} label={t("blog.fields.category")} error={errors[`category${suffix}`]?.message}>
          {({ id: fid, describedBy, invalid }) => <input id={fid} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} lang={langOfDir(dir)} {...register(`category${suffix}`)} />}
        </Field>
        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 md:grid-cols-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">{t("seo.legend")}</legend>
          <Field key={`metaTitle${suffix}`} label={t("seo.metaTitle")} error={errors[`metaTitle${suffix}`]?.message}>
            {({ id: fid, describedBy, invalid }) => <input id={fid} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} lang={langOfDir(dir)} {...register(`metaTitle${suffix}`)} />}
          </Field>
          <Field key={`metaDescription${suffix}`} label={t("seo.metaDescription")} error={errors[`metaDescription${suffix}`]?.message}>
            {({ id: fid, describedBy, invalid }) => <input id={fid} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} lang={langOfDir(dir)} {...register(`metaDescription${suffix}`)} />}
          </Field>
          <Field key={`metaKeywords${suffix}`} label={t("seo.metaKeywords")} error={errors[`metaKeywords${suffix}`]?.message}>
            {({ id: fid, describedBy, invalid }) => <input id={fid} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} lang={langOfDir(dir)} {...register(`metaKeywords${suffix}`)} />}
          </Field>
        </fieldset>
        <h2 className="text-lg font-semibold text-slate-900">{t("blocks.title")}</h2>
        <Controller
          key={`content${suffix}`}
          control={control}
          name={`content${suffix}`}
          render={({ field, fieldState }) => (
            <BlocksEditor
              label={t(`blocks.label${suffix}`)}
              value={field.value ?? []}
              onChange={field.onChange}
              errors={(errors[`content${suffix}`] as never) ?? (fieldState.error as never)}
              dir={dir}
            />
          )}
        />
      </div>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t("form.saving") : t("form.save")}
        </button>
        <button type="button" className={secondaryButton} aria-expanded={preview} aria-controls="blog-preview" onClick={() => setPreview((p) => !p)}>
          {preview ? t("form.hidePreview") : t("form.preview")}
        </button>
        {id && status === "published" ? (
          <LocalLink to={`/blog/${savedSlug}`} className="font-semibold text-indigo-700 hover:underline">
            {t("blog.viewOnSite")}
          </LocalLink>
        ) : null}
        {id ? <div className="ms-auto"><ConfirmDelete question={t("blog.confirmDelete")} onConfirm={remove} /></div> : null}
      </div>
      {preview ? <BlogPreview id="blog-preview" values={getValues()} suffix={tab} /> : null}
    </form>
  );
}

/** The post as its public page will show it, in the language of the current tab. */
function BlogPreview({ id, values, suffix }: { id: string; values: BlogPostInput; suffix: "En" | "Ar" }) {
  const { t } = useTranslation("admin-content");
  const image = safeUrl(values.imageUrl);
  return (
    <section id={id} aria-label={t("form.previewLabel")} dir={suffix === "Ar" ? "rtl" : "ltr"} className="rounded-2xl border-2 border-dashed border-indigo-200 p-6">
      <p className="text-sm font-semibold uppercase text-indigo-700">{t("form.previewLabel")}</p>
      {values[`category${suffix}`] ? <p className="mt-3 inline-block rounded-full bg-indigo-100 px-3 py-1 text-sm font-semibold text-indigo-800">{values[`category${suffix}`]}</p> : null}
      {/* No empty heading while the title is still blank. */}
      {values[`title${suffix}`] ? <h2 className="mt-3 text-3xl font-extrabold text-slate-900">{values[`title${suffix}`]}</h2> : null}
      <p className="mt-2 text-slate-600">{values.author}</p>
      {image ? <img src={image} alt="" className="mt-4 aspect-video w-full rounded-xl object-cover" /> : null}
      <ContentBlocks blocks={values[`content${suffix}`] ?? []} className="mt-6 space-y-5 text-lg leading-8 text-slate-800" />
    </section>
  );
}
