import { Controller, useForm } from "react-hook-form";
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
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/teacher-edit.route";
import { ConfirmDelete } from "./ConfirmDelete";
import { EditorShell, primaryButton } from "./EditorShell";
import { applyServerErrors, type SaveAnswer } from "./form-errors";
import { ImageUpload } from "./ImageUpload";
import { teacherSchema, type TeacherInput, type TeacherValues } from "./teacher-admin.schema";
import { getTeacherForm } from "./teacher-admin.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const found = await getTeacherForm(context.db, idOr404Page(params.id));
  if (!found) throw data(null, { status: 404 });
  return found;
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function TeacherEditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  return (
    <EditorShell title={t("teacher.editTitle")} backTo="/admin/teachers" backLabel={t("teacher.back")}>
      <PageMeta title={t("teacher.editTitle")} description={t("teacher.editTitle")} />
      <TeacherEditor key={loaderData.id} id={loaderData.id} initial={loaderData.teacher} />
    </EditorShell>
  );
}

function TeacherEditor({ id, initial }: { id: number; initial: TeacherInput }) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<TeacherInput, unknown, TeacherValues>({ resolver: zodResolver(teacherSchema), defaultValues: initial });

  const onSubmit = handleSubmit(async () => {
    try {
      // The input, not the parsed values: the shared schema splits the typed subjects on the server too.
      const result = await apiRequest<SaveAnswer>("PUT", `/api/admin/teachers/${id}`, { body: getValues(), lang });
      if (!result.ok) {
        applyServerErrors(result.data, setError);
        toast.error(result.data?.message ?? t("form.saveFailed"));
        return;
      }
      toast.success(result.data?.message ?? t("form.saved"));
      void revalidator.revalidate();
    } catch {
      toast.error(t("form.network"));
    }
  });

  async function remove() {
    try {
      const result = await apiRequest("DELETE", `/api/admin/teachers/${id}`, { lang });
      if (!result.ok) {
        toast.error(result.data?.message ?? t("form.deleteFailed"));
        return;
      }
      toast.success(result.data?.message ?? t("form.deleted"));
      navigate(localizePath("/admin/teachers", lang));
    } catch {
      toast.error(t("form.network"));
    }
  }

  const field = (name: Exclude<keyof TeacherInput, "photo">, label: string, dir: "ltr" | "rtl" = "ltr") => (
    <Field key={name} label={label} error={errors[name]?.message}>
      {({ id: fid, describedBy, invalid }) => <input id={fid} dir={dir} lang={langOfDir(dir)} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register(name)} />}
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2">
        {field("nameEn", t("teacher.fields.nameEn"))}
        {field("nameAr", t("teacher.fields.nameAr"), "rtl")}
        {field("profileEn", t("teacher.fields.profileEn"))}
        {field("profileAr", t("teacher.fields.profileAr"), "rtl")}
        {field("experienceEn", t("teacher.fields.experienceEn"))}
        {field("experienceAr", t("teacher.fields.experienceAr"), "rtl")}
        {field("subjects", t("teacher.fields.subjects"))}
      </div>
      <Controller
        control={control}
        name="photo"
        render={({ field: f, fieldState }) => <ImageUpload label={t("teacher.fields.photo")} value={f.value} onChange={f.onChange} error={fieldState.error?.message} />}
      />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t("form.saving") : t("form.save")}
        </button>
        <div className="ms-auto">
          <ConfirmDelete question={t("teacher.confirmDelete")} onConfirm={remove} />
        </div>
      </div>
    </form>
  );
}
