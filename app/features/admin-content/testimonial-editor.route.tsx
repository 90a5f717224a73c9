import { useTranslation } from "react-i18next";
import type { FieldValues, Control } from "react-hook-form";
import { requireAdminPage } from "~/lib/page-guards.server";
import { getSiteSettings } from "~/features/site/site.server";
import type { Route } from "./+types/testimonial-editor.route";
import { RevisionsLink, useEditorDraft, type EditorDraft } from "./DraftNotice";
import { draftForEditor } from "./drafts.server";
import { EditorPage, TranslationGaps } from "./EditorShell";
import { testimonialSchema, type TestimonialInput } from "./testimonial-admin.schema";
import { getTestimonialForm } from "./testimonial-admin.server";
import { recordOfRoute } from "./record-loader.server";
import { testimonialAction } from "./testimonial-editor.action.server";
import { EditorActions, TextField, asNumber, asOptionalNumber } from "./RecordFields";
import { useDeleteRecord } from "./use-delete-record";
import { useRecordForm } from "./use-record-form";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";

const empty: TestimonialInput = { kind: "parent", nameEn: "", nameAr: "", age: null, courseEn: "", courseAr: "", reviewEn: "", reviewAr: "", sort: 0 };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const found = await recordOfRoute(params, (id) => getTestimonialForm(context.db, id));
  // The person's own draft of this editor (decision 035, 063), offered on opening.
  const [draft, { timeZone }] = await Promise.all([
    draftForEditor(context.db, { table: "testimonials", recordId: found?.id ?? 0, userId: user.id }),
    getSiteSettings(context.db),
  ]);
  return { ...(found ?? { id: null, testimonial: empty }), draft, timeZone };
}

/** Save without JavaScript: the same endpoint declarations as the JSON API (testimonials.api.ts). */
export const action = testimonialAction;

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** `/admin/testimonials/new` and `/admin/testimonials/edit/{id}`: one testimonial, English and Arabic side by side. */
export default function TestimonialEditorPage({ loaderData }: Route.ComponentProps) {
  return (
    <EditorPage collection="testimonials" prefix="testimonial" id={loaderData.id}>
      <TestimonialEditor id={loaderData.id} initial={loaderData.testimonial} draft={loaderData.draft} timeZone={loaderData.timeZone} />
    </EditorPage>
  );
}

type TextName = "nameEn" | "nameAr" | "courseEn" | "courseAr" | "reviewEn" | "reviewAr";

function TestimonialEditor({ id, initial, draft, timeZone }: { id: number | null; initial: TestimonialInput; draft: EditorDraft | null; timeZone: string }) {
  const { t } = useTranslation("admin-content");
  // The texts are also in the HTML (and the numbers and kind below), so the form saves without JavaScript too.
  const texts = {
    nameEn: initial.nameEn,
    nameAr: initial.nameAr,
    courseEn: initial.courseEn,
    courseAr: initial.courseAr,
    reviewEn: initial.reviewEn,
    reviewAr: initial.reviewAr,
  };
  const form = useRecordForm({ collection: "testimonials", id, schema: testimonialSchema, defaults: initial, initial: texts });
  const remove = useDeleteRecord("testimonials", id);
  const drafts = useEditorDraft({ collection: "testimonials", id, methods: form.methods, initial, draft, timeZone });
  const { register } = form.methods;
  const text = (name: TextName, rows?: number) => (
    <TextField
      label={t(`testimonial.fields.${name}`)}
      error={form.error(name)}
      control={form.field(name)}
      dir={name.endsWith("Ar") ? "rtl" : "ltr"}
      rows={rows}
    />
  );
  const gaps = [
    { name: "name", label: t("testimonial.fields.name") },
    { name: "course", label: t("testimonial.fields.course") },
    { name: "review", label: t("testimonial.fields.review") },
  ];
  return (
    <form {...form.formProps} className="space-y-6">
      {drafts.banner}
      {id ? <RevisionsLink collection="testimonials" id={id} /> : null}
      <FormAlert message={form.refusal} />
      <div className="grid gap-4 md:grid-cols-3">
        <Field label={t("testimonial.fields.kind")} error={form.error("kind")}>
          {({ id: inputId, describedBy, invalid }) => (
            <select id={inputId} aria-describedby={describedBy} aria-invalid={invalid} className={inputClass} defaultValue={initial.kind} {...register("kind")}>
              <option value="parent">{t("testimonial.kinds.parent")}</option>
              <option value="child">{t("testimonial.kinds.child")}</option>
            </select>
          )}
        </Field>
        <TextField
          type="number"
          label={t("testimonial.fields.age")}
          hint={t("testimonial.ageHint")}
          error={form.error("age")}
          control={{
            ...register("age", { setValueAs: asOptionalNumber }),
            defaultValue: initial.age === null || initial.age === undefined ? "" : String(initial.age),
          }}
        />
        <TextField
          type="number"
          label={t("testimonial.fields.sort")}
          error={form.error("sort")}
          control={{ ...register("sort", { setValueAs: asNumber }), defaultValue: String(initial.sort ?? 0) }}
        />
      </div>
      <TranslationGaps control={form.methods.control as unknown as Control<FieldValues>} fields={gaps} />
      <div className="grid gap-4 md:grid-cols-2">
        {text("nameEn")}
        {text("nameAr")}
        {text("courseEn")}
        {text("courseAr")}
        {text("reviewEn", 4)}
        {text("reviewAr", 4)}
      </div>
      <EditorActions
        pending={form.pending}
        dirty={form.methods.formState.isDirty}
        draftKept={drafts.keepsDraft}
        deleteQuestion={t("testimonial.confirmDelete")}
        onDelete={id ? remove : undefined}
      >
        {drafts.status}
      </EditorActions>
    </form>
  );
}
