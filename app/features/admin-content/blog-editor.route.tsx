import { useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { formatPublishDate } from "~/features/admin-kit/format";
import { findPostForPreview } from "~/features/blog/blog.server";
import { PREVIEW_LINK_DAYS, previewPath, previewToken } from "~/features/blog/blog-preview.server";
import { langFromPath, localizePath, type Lang } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { Field, inputClass } from "~/ui/Field";
import { LocalLink } from "~/ui/LocalLink";
import type { Route } from "./+types/blog-editor.route";
import { blogPostSchema, type BlogPostInput } from "./blog-admin.schema";
import { getBlogPostForm } from "./blog-admin.server";
import { BlocksEditor } from "./BlocksEditor";
import { EditorPage, LanguageTabs, TranslationGaps, secondaryButton } from "./EditorShell";
import { recordOfRoute } from "./record-loader.server";
import { EditorActions, ImageField, SeoFields, TextField } from "./RecordFields";
import { useDeleteRecord } from "./use-delete-record";
import { getSiteSettings } from "~/features/site/site.server";
import { draftForEditor } from "./drafts.server";
import { RevisionsLink, useEditorDraft, type EditorDraft } from "./DraftNotice";
import { useFollowingSlug, useRecordForm } from "./use-record-form";
import { BlogPreview, SharePreview } from "./BlogEditorPreviews";

/** Today as YYYY-MM-DD (UTC), a new post's publish date. */
const todayIso = (): string => new Date().toISOString().slice(0, 10);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const found = await recordOfRoute(params, (id) => getBlogPostForm(context.db, id));
  const [draft, { timeZone }] = await Promise.all([
    draftForEditor(context.db, { table: "blog_posts", recordId: found?.id ?? 0, userId: user.id }),
    getSiteSettings(context.db),
  ]);
  if (found) {
    const { id, ...post } = found;
    return { id, post, draft, timeZone, share: await shareLinkOf(context, id, langFromPath(new URL(request.url).pathname)) };
  }
  const post: BlogPostInput = {
    slug: "",
    status: "draft",
    author: user.username,
    publishDate: todayIso(),
    imageUrl: "",
    titleEn: "",
    descriptionEn: "",
    categoryEn: "",
    metaTitleEn: "",
    metaDescriptionEn: "",
    metaKeywordsEn: "",
    contentEn: [],
    titleAr: "",
    descriptionAr: "",
    categoryAr: "",
    metaTitleAr: "",
    metaDescriptionAr: "",
    metaKeywordsAr: "",
    contentAr: [],
  };
  return { id: null, post, draft, timeZone, share: null };
}

/**
 * A signed preview link for a saved post the public cannot see yet (a draft or scheduled post),
 * valid for PREVIEW_LINK_DAYS from this page load; null once the post is on the site.
 */
async function shareLinkOf(context: Route.LoaderArgs["context"], id: number, lang: Lang): Promise<{ url: string; expiresAt: string } | null> {
  const found = await findPostForPreview(context.db, id, lang);
  if (!found || found.live) return null;
  const expiresAt = new Date(Date.now() + PREVIEW_LINK_DAYS * 24 * 60 * 60 * 1000);
  const token = previewToken(context.config.sessionSecret, id, expiresAt);
  return { url: context.config.publicUrl + localizePath(previewPath(token), lang), expiresAt: expiresAt.toISOString() };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

export default function BlogEditorPage({ loaderData }: Route.ComponentProps) {
  return (
    <EditorPage collection="blogs" prefix="blog" id={loaderData.id}>
      <BlogEditor id={loaderData.id} initial={loaderData.post} draft={loaderData.draft} timeZone={loaderData.timeZone} />
      {loaderData.share ? <SharePreview key={loaderData.share.url} {...loaderData.share} /> : null}
    </EditorPage>
  );
}

const languageFieldNames = ["title", "description", "category", "metaTitle", "metaDescription", "metaKeywords", "content"] as const;

function BlogEditor({ id, initial, draft, timeZone }: { id: number | null; initial: BlogPostInput; draft: EditorDraft | null; timeZone: string }) {
  const { t } = useTranslation("admin-content");
  const [tab, setTab] = useState<"En" | "Ar">("En");
  const [preview, setPreview] = useState(false);
  const form = useRecordForm({
    collection: "blogs",
    id,
    schema: blogPostSchema,
    defaults: initial,
    onInvalid: (invalid) => {
      // Show the language tab that holds the first error.
      const fields = Object.keys(invalid);
      if (!fields.some((f) => f.endsWith(tab)) && fields.some((f) => f.endsWith(tab === "En" ? "Ar" : "En"))) setTab(tab === "En" ? "Ar" : "En");
    },
  });
  const remove = useDeleteRecord("blogs", id);
  const drafts = useEditorDraft({ collection: "blogs", id, methods: form.methods, initial, draft, timeZone });
  const { register, control, getValues } = form.methods;
  const follow = useFollowingSlug(form.methods as never, id === null, ["titleEn", "titleAr"]);
  const errors = form.methods.formState.errors;
  const status = useWatch({ control, name: "status" });
  const savedSlug = initial.slug;
  const lang = useLang();

  const tabInvalid = (suffix: "En" | "Ar") => languageFieldNames.some((name) => Boolean(errors[`${name}${suffix}`]));

  const dir = tab === "Ar" ? "rtl" : "ltr";
  const suffix = tab;
  // The texts of the current language tab; remounted per tab so each shows its own value.
  const text = (name: "description" | "category" | "metaTitle" | "metaDescription" | "metaKeywords", label: string, rows?: number) => (
    <TextField key={`${name}${suffix}`} label={label} dir={dir} rows={rows} error={form.error(`${name}${suffix}`)} control={form.field(`${name}${suffix}`)} />
  );
  return (
    <form {...form.formProps} className="space-y-6">
      {drafts.banner}
      {id ? <RevisionsLink collection="blogs" id={id} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label={t("blog.fields.slug")} hint={t("blog.slugHint")} dir="ltr" error={form.error("slug")} control={follow.slug} />
        <Field label={t("blog.fields.status")} error={form.error("status")}>
          {({ id: fid, describedBy, invalid }) => (
            <select id={fid} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("status")}>
              <option value="draft">{t("blog.status.draft")}</option>
              <option value="published">{t("blog.status.published")}</option>
            </select>
          )}
        </Field>
        <TextField label={t("blog.fields.author")} error={form.error("author")} control={form.field("author")} />
        <TextField type="date" label={t("blog.fields.publishDate")} error={form.error("publishDate")} control={form.field("publishDate")} />
      </div>
      <ImageField control={control} name="imageUrl" label={t("blog.fields.image")} />

      <LanguageTabs value={tab} onChange={setTab} invalid={{ En: tabInvalid("En"), Ar: tabInvalid("Ar") }} />
      <TranslationGaps
        control={control as never}
        fields={[
          { name: "title", label: t("blog.fields.title") },
          { name: "description", label: t("blog.fields.description") },
          { name: "category", label: t("blog.fields.category") },
          { name: "content", label: t("blocks.title") },
        ]}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} dir={dir} className="space-y-4">
        <TextField
          key={`title${suffix}`}
          label={t("blog.fields.title")}
          dir={dir}
          error={form.error(`title${suffix}`)}
          control={follow.source(`title${suffix}`)}
        />
        {text("description", t("blog.fields.description"), 3)}
        {text("category", t("blog.fields.category"))}
        <SeoFields field={(name, label) => text(name, label)} />
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

      <EditorActions
        pending={form.pending}
        dirty={form.methods.formState.isDirty}
        draftKept={drafts.keepsDraft}
        deleteQuestion={t("blog.confirmDelete")}
        onDelete={id ? remove : undefined}
      >
        {drafts.status}
        <button type="button" className={secondaryButton} aria-expanded={preview} aria-controls="blog-preview" onClick={() => setPreview((p) => !p)}>
          {preview ? t("form.hidePreview") : t("form.preview")}
        </button>
        {id && initial.status === "published" && initial.publishDate > todayIso() ? (
          // Saved as published with a later date: not on the site yet, so no link that would 404.
          <p className="text-sm font-semibold text-amber-900">{t("blog.scheduledNote", { date: formatPublishDate(initial.publishDate, lang) })}</p>
        ) : id && status === "published" && initial.status === "published" ? (
          <LocalLink to={`/blog/${savedSlug}`} className="font-semibold text-indigo-700 hover:underline">
            {t("blog.viewOnSite")}
          </LocalLink>
        ) : null}
      </EditorActions>
      {preview ? <BlogPreview id="blog-preview" values={getValues()} suffix={tab} /> : null}
    </form>
  );
}
