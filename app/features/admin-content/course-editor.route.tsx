import { useState } from "react";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { data, useNavigate, useRevalidator } from "react-router";
import { toast } from "~/ui/toast";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { idOr404Page } from "~/features/admin/admin-http.server";
import { langOfDir, localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { Field, inputClass } from "~/ui/Field";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { useSaveRecord } from "./use-save-record";
import type { Route } from "./+types/course-editor.route";
import { BlocksEditor } from "./BlocksEditor";
import { ConfirmDelete } from "./ConfirmDelete";
import { courseSchema, type CourseInput, type CourseValues } from "./course-admin.schema";
import { getCourseForm } from "./course-admin.server";
import { EditorShell, LanguageTabs, primaryButton, secondaryButton } from "./EditorShell";
import { ImageUpload } from "./ImageUpload";
import { slugify } from "./slug";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const rawId = (params as { id?: string }).id;
  if (rawId === undefined) {
    const course: CourseInput = {
      key: "", slug: "", nameEn: "", nameAr: "", descriptionEn: "", descriptionAr: "",
      sessions: 30, minAge: 6, maxAge: 18, price: 0, discounted: false, originalPrice: null,
      instructor: "", rating: null, imageUrl: "", contentEn: [], contentAr: [], faqs: [],
      metaTitle: "", metaDescription: "", metaKeywords: "",
    };
    return { id: null, course, bookings: 0 };
  }
  const found = await getCourseForm(context.db, idOr404Page(rawId));
  if (!found) throw data(null, { status: 404 });
  return found;
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function CourseEditorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  const title = loaderData.id ? t("course.editTitle") : t("course.newTitle");
  return (
    <EditorShell title={title} backTo="/admin/courses" backLabel={t("course.back")}>
      <PageMeta title={title} description={title} />
      <CourseEditor key={loaderData.id ?? "new"} id={loaderData.id} initial={loaderData.course} bookings={loaderData.bookings} />
    </EditorShell>
  );
}

/** Empty number inputs become undefined (required) or null (optional fields). */
const asNumber = (value: unknown) => (value === "" || value === null || value === undefined ? undefined : Number(value));
const asOptionalNumber = (value: unknown) => (value === "" || value === null || value === undefined ? null : Number(value));

function CourseEditor({ id, initial, bookings }: { id: number | null; initial: CourseInput; bookings: number }) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const save = useSaveRecord("courses", id);
  const [tab, setTab] = useState<"En" | "Ar">("En");
  const [slugEdited, setSlugEdited] = useState(id !== null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CourseInput, unknown, CourseValues>({ resolver: zodResolver(courseSchema), defaultValues: initial });
  const faqs = useFieldArray({ control, name: "faqs" });
  const discounted = useWatch({ control, name: "discounted" });

  const onSubmit = handleSubmit(async (values) => {
    await save(values, setError);
  });

  async function remove() {
    if (!id) return;
    try {
      const result = await apiRequest("DELETE", `/api/admin/courses/${id}${bookings > 0 ? "?confirm=1" : ""}`, { lang });
      if (!result.ok) {
        toast.error(result.data?.message ?? t("form.deleteFailed"));
        // New bookings arrived meanwhile: reload the count so the question is asked again with it.
        void revalidator.revalidate();
        return;
      }
      toast.success(result.data?.message ?? t("form.deleted"));
      navigate(localizePath("/admin/courses", lang));
    } catch {
      toast.error(t("form.network"));
    }
  }

  const text = (name: keyof CourseInput, label: string, options: { type?: string; dir?: "ltr" | "rtl"; multiline?: boolean; onChange?: (value: string) => void; hint?: string } = {}) => (
    <Field key={name} label={label} error={(errors[name] as { message?: string } | undefined)?.message} hint={options.hint}>
      {({ id: fid, describedBy, invalid }) =>
        options.multiline ? (
          <textarea id={fid} rows={3} dir={options.dir} lang={langOfDir(options.dir)} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register(name)} />
        ) : (
          <input
            id={fid}
            type={options.type ?? "text"}
            dir={options.dir}
            lang={langOfDir(options.dir)}
            className={inputClass}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            {...register(name, options.onChange ? { onChange: (e: { target: { value: string } }) => options.onChange!(e.target.value) } : {})}
          />
        )
      }
    </Field>
  );
  const number = (name: "sessions" | "minAge" | "maxAge" | "price" | "originalPrice", label: string, optional = false) => (
    <Field key={name} label={label} error={errors[name]?.message}>
      {({ id: fid, describedBy, invalid }) => (
        <input id={fid} type="number" inputMode="numeric" min={0} step={1} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register(name, { setValueAs: optional ? asOptionalNumber : asNumber })} />
      )}
    </Field>
  );

  const tabInvalid = (suffix: "En" | "Ar") => Boolean(errors[`name${suffix}`] || errors[`description${suffix}`] || errors[`content${suffix}`]);
  const dir = tab === "Ar" ? "rtl" : "ltr";
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2">
        {text("key", t("course.fields.key"), { dir: "ltr", hint: t("course.keyHint") })}
        <Field label={t("course.fields.slug")} error={errors.slug?.message}>
          {({ id: fid, describedBy, invalid }) => (
            <input id={fid} dir="ltr" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("slug", { onChange: () => setSlugEdited(true) })} />
          )}
        </Field>
        {number("sessions", t("course.fields.sessions"))}
        {text("instructor", t("course.fields.instructor"))}
        {number("minAge", t("course.fields.minAge"))}
        {number("maxAge", t("course.fields.maxAge"))}
        {number("price", t("course.fields.price"))}
        <Field label={t("course.fields.rating")} error={errors.rating?.message}>
          {({ id: fid, describedBy, invalid }) => (
            <select id={fid} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("rating", { setValueAs: asOptionalNumber })}>
              <option value="">{t("course.noRating")}</option>
              {[0, 1, 2, 3, 4, 5].map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex items-center gap-2 pt-6">
          <input id="course-discounted" type="checkbox" className="h-4 w-4" {...register("discounted")} />
          <label htmlFor="course-discounted" className="text-sm font-medium text-slate-800">
            {t("course.fields.discounted")}
          </label>
        </div>
        {discounted ? number("originalPrice", t("course.fields.originalPrice"), true) : null}
      </div>
      <Controller
        control={control}
        name="imageUrl"
        render={({ field, fieldState }) => <ImageUpload label={t("course.fields.image")} value={field.value ?? ""} onChange={field.onChange} error={fieldState.error?.message} />}
      />

      <LanguageTabs value={tab} onChange={setTab} invalid={{ En: tabInvalid("En"), Ar: tabInvalid("Ar") }} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} dir={dir} className="space-y-4">
        {text(`name${tab}`, t("course.fields.name"), {
          dir,
          onChange: (value) => {
            if (tab === "En" && !slugEdited) setValue("slug", slugify(value));
          },
        })}
        {text(`description${tab}`, t("course.fields.description"), { multiline: true, dir })}
        <h2 className="text-lg font-semibold text-slate-900">{t("blocks.title")}</h2>
        <Controller
          key={`content${tab}`}
          control={control}
          name={`content${tab}`}
          render={({ field }) => (
            <BlocksEditor label={t(`blocks.label${tab}`)} value={field.value ?? []} onChange={field.onChange} errors={errors[`content${tab}`] as never} dir={dir} />
          )}
        />
      </div>

      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t("course.faqs")}</legend>
        {faqs.fields.map((faq, index) => (
          <div key={faq.id} className="grid gap-3 rounded-lg bg-slate-50 p-3 md:grid-cols-2">
            {(["questionEn", "answerEn", "questionAr", "answerAr"] as const).map((name) => (
              <Field key={name} label={t(`course.faq.${name}`, { n: index + 1 })} error={errors.faqs?.[index]?.[name]?.message}>
                {({ id: fid, describedBy, invalid }) => (
                  <textarea id={fid} rows={2} dir={name.endsWith("Ar") ? "rtl" : "ltr"} lang={name.endsWith("Ar") ? "ar" : "en"} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register(`faqs.${index}.${name}`)} />
                )}
              </Field>
            ))}
            <div className="md:col-span-2">
              <button type="button" onClick={() => faqs.remove(index)} className="text-sm font-medium text-red-700 hover:underline">
                {t("course.removeFaq", { n: index + 1 })}
              </button>
            </div>
          </div>
        ))}
        <button type="button" className={secondaryButton} onClick={() => faqs.append({ questionEn: "", answerEn: "", questionAr: "", answerAr: "" })}>
          {t("course.addFaq")}
        </button>
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 md:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t("seo.legend")}</legend>
        {text("metaTitle", t("seo.metaTitle"))}
        {text("metaDescription", t("seo.metaDescription"))}
        {text("metaKeywords", t("seo.metaKeywords"))}
      </fieldset>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t("form.saving") : t("form.save")}
        </button>
        {id ? (
          <LocalLink to={`/courses/${initial.slug}`} className="font-semibold text-indigo-700 hover:underline">
            {t("course.viewOnSite")}
          </LocalLink>
        ) : null}
        {id ? (
          <div className="ms-auto">
            <ConfirmDelete question={bookings > 0 ? t("course.confirmDeleteWithBookings", { count: bookings }) : t("course.confirmDelete")} onConfirm={remove} />
          </div>
        ) : null}
      </div>
    </form>
  );
}
