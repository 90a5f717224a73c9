import { useTranslation } from "react-i18next";
import { data, useRevalidator } from "react-router";
import type { Control, FieldValues } from "react-hook-form";
import { PAGE_SECTIONS, isPageKey, type PageKey, type PageSection } from "~/features/site/page-sections";
import { getSiteSettings } from "~/features/site/site.server";
import { useApiForm } from "~/lib/forms/use-api-form";
import { requireAdminPage } from "~/lib/page-guards.server";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/page-editor.route";
import { RevisionsLink, useEditorDraft, type EditorDraft } from "./DraftNotice";
import { draftForEditor } from "./drafts.server";
import { TranslationGaps } from "./EditorShell";
import { sectionSchema } from "./page-section-admin.schema";
import { sectionFieldLabel } from "./page-section-labels";
import { pageEditor } from "./page-section-admin.server";
import { saveSectionAction } from "./page-editor.action.server";
import { EditorActions, TextField } from "./RecordFields";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  if (!isPageKey(params.page)) throw data(null, { status: 404 });
  const [sections, { timeZone }] = await Promise.all([pageEditor(context.db, params.page), getSiteSettings(context.db)]);
  // Each section is a record with the person's own draft (decisions 035, 063).
  const drafts = await Promise.all(
    sections.map((s) => (s.id ? draftForEditor(context.db, { table: "page_sections", recordId: s.id, userId: user.id }) : null)),
  );
  return { page: params.page, sections: sections.map((s, i) => ({ ...s, draft: drafts[i] ?? null })), timeZone };
}

/** A section saved without JavaScript: the same endpoint as the JSON API (page-sections.api.ts), named by the form's hidden `_section`. */
export const action = saveSectionAction;

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** `/admin/pages/{page}`: each section of a public page, English and Arabic side by side, saved one section at a time. */
export default function PageEditorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const { page } = loaderData;
  const title = t("pageText.editTitle", { page: t(`pageText.pages.${page}`) });
  const declared = PAGE_SECTIONS[page] as readonly PageSection[];
  return (
    <div className="space-y-6">
      <LocalLink to="/admin/pages" className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true" className="rtl:rotate-180">
          ←
        </span>{" "}
        {t("pageText.back")}
      </LocalLink>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <PageMeta title={title} description={title} />
      <p className="max-w-3xl text-slate-700">{t("pageText.editIntro")}</p>
      {loaderData.sections.map((section) => {
        const declaration = declared.find((d) => d.key === section.key);
        return declaration ? (
          <SectionForm
            key={`${page}/${section.key}`}
            page={page}
            section={declaration}
            id={section.id}
            values={section.values}
            draft={section.draft}
            timeZone={loaderData.timeZone}
          />
        ) : null;
      })}
    </div>
  );
}

/** A field's label: the shared vocabulary of parts (`mentorsTitle` → "Card: expert mentors · Title"). */
function useFieldLabel() {
  const { t } = useTranslation("admin-content");
  return (name: string) => sectionFieldLabel(t, name);
}

function SectionForm({
  page,
  section,
  id: recordId,
  values,
  draft,
  timeZone,
}: {
  page: PageKey;
  section: PageSection;
  /** The section's row: its drafts and revisions are kept under it. */
  id: number | null;
  values: Record<string, string>;
  draft: EditorDraft | null;
  timeZone: string;
}) {
  const { t } = useTranslation("admin-content");
  const label = useFieldLabel();
  const revalidator = useRevalidator();
  const id = `section-${page}-${section.key}`;
  const form = useApiForm({
    id,
    schema: sectionSchema(section),
    defaults: values,
    // Also in the HTML: the section saves without JavaScript (the page's action).
    initial: values,
    messages: { failed: t("form.saveFailed"), network: t("form.network") },
    request: (_values, input) => ({ method: "PUT", path: `/api/admin/pages/${page}/${section.key}`, body: input }),
    onSuccess: async () => {
      form.methods.reset(form.methods.getValues());
      await revalidator.revalidate();
    },
  });
  const drafts = useEditorDraft({
    collection: "page-sections",
    id: recordId,
    methods: form.methods,
    initial: values,
    draft,
    timeZone,
    idPrefix: `${id}-draft`,
  });
  const bilingual = section.fields.filter((f) => !f.shared);
  const headingId = `${id}-title`;
  const sectionName = t(`pageText.sections.${section.key}`);
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {sectionName}
      </h2>
      {recordId ? <RevisionsLink collection="page-sections" id={recordId} of={sectionName} /> : null}
      <form {...form.formProps} className="mt-4 space-y-4">
        <input type="hidden" name="_section" value={section.key} />
        <FormAlert message={form.refusal} />
        {drafts.banner}
        <TranslationGaps
          control={form.methods.control as unknown as Control<FieldValues>}
          fields={bilingual.map((f) => ({ name: f.name, label: label(f.name) }))}
        />
        <div className="grid gap-4 md:grid-cols-2">
          {section.fields.flatMap((field) =>
            field.shared
              ? [
                  <TextField
                    key={field.name}
                    className="md:col-span-2"
                    label={label(field.name)}
                    hint={t("pageText.sharedHint")}
                    dir="ltr"
                    error={form.error(field.name)}
                    control={form.field(field.name)}
                  />,
                ]
              : (["En", "Ar"] as const).map((lang) => (
                  <TextField
                    key={`${field.name}${lang}`}
                    label={`${label(field.name)} (${t(`pageText.lang${lang}`)})`}
                    dir={lang === "Ar" ? "rtl" : "ltr"}
                    rows={field.rows}
                    hint={
                      field.placeholder
                        ? t(`pageText.placeholders.${field.placeholder}`, { placeholder: `{{${field.placeholder}}}`, interpolation: { escapeValue: false } })
                        : undefined
                    }
                    error={form.error(`${field.name}${lang}`)}
                    control={form.field(`${field.name}${lang}`)}
                  />
                )),
          )}
        </div>
        <EditorActions pending={form.pending} dirty={form.methods.formState.isDirty} draftKept={drafts.keepsDraft} deleteQuestion="">
          {drafts.status}
        </EditorActions>
      </form>
    </section>
  );
}
