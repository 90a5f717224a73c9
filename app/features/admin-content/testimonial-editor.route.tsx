import { useTranslation } from "react-i18next";
import type { FieldValues, Control } from "react-hook-form";
import type { Route } from "./+types/testimonial-editor.route";
import { EditorPage, TranslationGaps } from "./EditorShell";
import { testimonialSchema, type TestimonialInput } from "./testimonial-admin.schema";
import { getTestimonialForm } from "./testimonial-admin.server";
import { editorLoader } from "./record-loader.server";
import { EditorActions, TextField, asNumber, asOptionalNumber } from "./RecordFields";
import { useDeleteRecord } from "./use-delete-record";
import { useRecordForm } from "./use-record-form";
import { Field, inputClass } from "~/ui/Field";

const empty: TestimonialInput = { kind: "parent", nameEn: "", nameAr: "", age: null, courseEn: "", courseAr: "", reviewEn: "", reviewAr: "", sort: 0 };

export const loader = editorLoader(getTestimonialForm, () => ({ id: null, testimonial: empty }));

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** `/admin/testimonials/new` and `/admin/testimonials/edit/{id}`: one testimonial, English and Arabic side by side. */
export default function TestimonialEditorPage({ loaderData }: Route.ComponentProps) {
  return (
    <EditorPage collection="testimonials" prefix="testimonial" id={loaderData.id}>
      <TestimonialEditor id={loaderData.id} initial={loaderData.testimonial} />
    </EditorPage>
  );
}

type TextName = "nameEn" | "nameAr" | "courseEn" | "courseAr" | "reviewEn" | "reviewAr";

function TestimonialEditor({ id, initial }: { id: number | null; initial: TestimonialInput }) {
  const { t } = useTranslation("admin-content");
  const form = useRecordForm({ collection: "testimonials", id, schema: testimonialSchema, defaults: initial });
  const remove = useDeleteRecord("testimonials", id);
  const { register } = form.methods;
  const text = (name: TextName, rows?: number) => (
    <TextField label={t(`testimonial.fields.${name}`)} error={form.error(name)} control={form.field(name)} dir={name.endsWith("Ar") ? "rtl" : "ltr"} rows={rows} />
  );
  const gaps = [
    { name: "name", label: t("testimonial.fields.name") },
    { name: "course", label: t("testimonial.fields.course") },
    { name: "review", label: t("testimonial.fields.review") },
  ];
  return (
    <form {...form.formProps} className="space-y-6">
      <div className="grid gap-4 md:grid-cols-3">
        <Field label={t("testimonial.fields.kind")} error={form.error("kind")}>
          {({ id: inputId, describedBy, invalid }) => (
            <select id={inputId} aria-describedby={describedBy} aria-invalid={invalid} className={inputClass} {...register("kind")}>
              <option value="parent">{t("testimonial.kinds.parent")}</option>
              <option value="child">{t("testimonial.kinds.child")}</option>
            </select>
          )}
        </Field>
        <TextField type="number" label={t("testimonial.fields.age")} hint={t("testimonial.ageHint")} error={form.error("age")} control={register("age", { setValueAs: asOptionalNumber })} />
        <TextField type="number" label={t("testimonial.fields.sort")} error={form.error("sort")} control={register("sort", { setValueAs: asNumber })} />
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
      <EditorActions pending={form.pending} dirty={form.methods.formState.isDirty} deleteQuestion={t("testimonial.confirmDelete")} onDelete={id ? remove : undefined} />
    </form>
  );
}
