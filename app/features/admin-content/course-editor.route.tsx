import { useState } from "react";
import { Controller, useFieldArray, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";
import { LocalLink } from "~/ui/LocalLink";
import { CurrencyOptions } from "~/ui/CurrencyOptions";
import type { Route } from "./+types/course-editor.route";
import { BlocksEditor } from "./BlocksEditor";
import { courseSchema, type CourseInput } from "./course-admin.schema";
import { getCourseForm } from "./course-admin.server";
import { EditorPage, LanguageTabs, TranslationGaps, secondaryButton } from "./EditorShell";
import { editorLoader } from "./record-loader.server";
import { EditorActions, ImageField, SeoFields, TextField, asNumber, asOptionalNumber } from "./RecordFields";
import { useDeleteRecord } from "./use-delete-record";
import { requireAdminPage } from "~/lib/page-guards.server";
import { getSiteSettings } from "~/features/site/site.server";
import { draftForEditor } from "./drafts.server";
import { RevisionsLink, useEditorDraft, type EditorDraft } from "./DraftNotice";
import { useFollowingSlug, useRecordForm } from "./use-record-form";
import { data } from "react-router";
import { InstalmentRuleForm, type RuleAnswer } from "~/features/billing";
import { instalmentRuleAction, instalmentRuleOfOffer } from "~/features/billing/index.server";

const empty: CourseInput = {
  key: "",
  slug: "",
  nameEn: "",
  nameAr: "",
  descriptionEn: "",
  descriptionAr: "",
  sessions: 30,
  minAge: 6,
  maxAge: 18,
  price: 0,
  discounted: false,
  originalPrice: null,
  instructor: "",
  rating: null,
  imageUrl: "",
  contentEn: [],
  contentAr: [],
  faqs: [],
  metaTitle: "",
  metaDescription: "",
  metaKeywords: "",
};

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const user = requireAdminPage(context, request);
  const found = await editorLoader(getCourseForm, () => ({ id: null, course: empty, bookings: 0 }))(args);
  const [draft, { timeZone, defaultCurrency }, instalmentCount] = await Promise.all([
    draftForEditor(context.db, { table: "courses", recordId: found.id ?? 0, userId: user.id }),
    getSiteSettings(context.db),
    instalmentRuleOfOffer(context.db, "course", found.id),
  ]);
  // A new course starts in the defaultCurrency setting (decision 101).
  const course = found.id === null ? { ...found.course, currency: defaultCurrency } : found.course;
  return { ...found, course, draft, timeZone, instalmentCount };
}

/** The only post of this screen without JavaScript: the course's instalment rule (decision 091); the editor saves through its API. */
export async function action(args: Route.ActionArgs) {
  requireAdminPage(args.context, args.request);
  const fields = await args.request.formData().catch(() => null);
  if (!fields || fields.get("intent") !== "instalment-rule" || !/^\d{1,9}$/.test(args.params.id ?? ""))
    throw data({ message: "Bad request." }, { status: 400 });
  return instalmentRuleAction(args, "course", Number(args.params.id), fields);
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

export default function CourseEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EditorPage collection="courses" prefix="course" id={loaderData.id}>
      <CourseEditor id={loaderData.id} initial={loaderData.course} bookings={loaderData.bookings} draft={loaderData.draft} timeZone={loaderData.timeZone} />
      {loaderData.id ? (
        <div className="mt-8">
          <InstalmentRuleForm count={loaderData.instalmentCount} answer={(actionData as RuleAnswer | undefined) ?? null} />
        </div>
      ) : null}
    </EditorPage>
  );
}

function CourseEditor({
  id,
  initial,
  bookings,
  draft,
  timeZone,
}: {
  id: number | null;
  initial: CourseInput;
  bookings: number;
  draft: EditorDraft | null;
  timeZone: string;
}) {
  const { t } = useTranslation("admin-content");
  const [tab, setTab] = useState<"En" | "Ar">("En");
  const form = useRecordForm({ collection: "courses", id, schema: courseSchema, defaults: initial });
  // Staff were told how many bookings the delete touches, so the delete confirms them.
  const remove = useDeleteRecord("courses", id, bookings > 0);
  const drafts = useEditorDraft({ collection: "courses", id, methods: form.methods, initial, draft, timeZone });
  const { register, control } = form.methods;
  const follow = useFollowingSlug(form.methods as never, id === null, ["nameEn", "nameAr"]);
  const faqs = useFieldArray({ control, name: "faqs" });
  const discounted = useWatch({ control, name: "discounted" });

  const text = (name: "key" | "instructor" | "metaTitle" | "metaDescription" | "metaKeywords", label: string, hint?: string) => (
    <TextField label={label} hint={hint} error={form.error(name)} control={form.field(name)} dir={name === "key" ? "ltr" : undefined} />
  );
  const number = (name: "sessions" | "minAge" | "maxAge" | "price" | "originalPrice", optional = false, step: 1 | "any" = 1) => (
    <TextField
      type="number"
      step={step}
      label={t(`course.fields.${name}`)}
      error={form.error(name)}
      control={register(name, { setValueAs: optional ? asOptionalNumber : asNumber })}
    />
  );
  const tabInvalid = (suffix: "En" | "Ar") => [`name${suffix}`, `description${suffix}`, `content${suffix}`].some((name) => form.error(name as "nameEn"));
  const dir = tab === "Ar" ? "rtl" : "ltr";
  return (
    <form {...form.formProps} className="space-y-6">
      {drafts.banner}
      {id ? <RevisionsLink collection="courses" id={id} /> : null}
      {id ? (
        <p>
          <LocalLink to={`/admin/courses/edit/${id}/levels`} className="font-semibold text-indigo-700 hover:underline">
            {t("course.levels")}
          </LocalLink>
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        {text("key", t("course.fields.key"), t("course.keyHint"))}
        <TextField label={t("course.fields.slug")} error={form.error("slug")} dir="ltr" control={follow.slug} />
        {number("sessions")}
        {text("instructor", t("course.fields.instructor"))}
        {number("minAge")}
        {number("maxAge")}
        {number("price", false, "any")}
        <Field label={t("course.fields.currency")} error={form.error("currency")}>
          {({ id: fid, describedBy, invalid }) => (
            <select id={fid} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("currency")}>
              <CurrencyOptions />
            </select>
          )}
        </Field>
        <Field label={t("course.fields.rating")} error={form.error("rating")}>
          {({ id: fid, describedBy, invalid }) => (
            <select
              id={fid}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              {...register("rating", { setValueAs: asOptionalNumber })}
            >
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
        {discounted ? number("originalPrice", true, "any") : null}
      </div>
      <ImageField control={control} name="imageUrl" label={t("course.fields.image")} />

      <LanguageTabs value={tab} onChange={setTab} invalid={{ En: tabInvalid("En"), Ar: tabInvalid("Ar") }} />
      <TranslationGaps
        control={control as never}
        fields={[
          { name: "name", label: t("course.fields.name") },
          { name: "description", label: t("course.fields.description") },
          { name: "content", label: t("blocks.title") },
        ]}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} dir={dir} className="space-y-4">
        <TextField key={`name${tab}`} label={t("course.fields.name")} dir={dir} error={form.error(`name${tab}`)} control={follow.source(`name${tab}`)} />
        <TextField
          key={`description${tab}`}
          label={t("course.fields.description")}
          dir={dir}
          rows={3}
          error={form.error(`description${tab}`)}
          control={form.field(`description${tab}`)}
        />
        <h2 className="text-lg font-semibold text-slate-900">{t("blocks.title")}</h2>
        <Controller
          key={`content${tab}`}
          control={control}
          name={`content${tab}`}
          render={({ field }) => (
            <BlocksEditor
              label={t(`blocks.label${tab}`)}
              value={field.value ?? []}
              onChange={field.onChange}
              errors={form.methods.formState.errors[`content${tab}`] as never}
              dir={dir}
            />
          )}
        />
      </div>

      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t("course.faqs")}</legend>
        {faqs.fields.map((faq, index) => (
          <div key={faq.id} className="grid gap-3 rounded-lg bg-slate-50 p-3 md:grid-cols-2">
            {(["questionEn", "answerEn", "questionAr", "answerAr"] as const).map((name) => (
              <TextField
                key={name}
                label={t(`course.faq.${name}`, { n: index + 1 })}
                rows={2}
                dir={name.endsWith("Ar") ? "rtl" : "ltr"}
                error={form.error(`faqs.${index}.${name}`)}
                control={register(`faqs.${index}.${name}`)}
              />
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

      <SeoFields field={(name, label) => text(name, label)} />

      <EditorActions
        dirty={form.methods.formState.isDirty}
        draftKept={drafts.keepsDraft}
        pending={form.pending}
        deleteQuestion={bookings > 0 ? t("course.confirmDeleteWithBookings", { count: bookings }) : t("course.confirmDelete")}
        onDelete={id ? remove : undefined}
      >
        {drafts.status}
        {id ? (
          <LocalLink to={`/courses/${initial.slug}`} className="font-semibold text-indigo-700 hover:underline">
            {t("course.viewOnSite")}
          </LocalLink>
        ) : null}
      </EditorActions>
    </form>
  );
}
