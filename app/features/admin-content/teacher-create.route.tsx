import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { Field, inputClass } from "~/ui/Field";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/teacher-create.route";
import { EditorShell, primaryButton } from "./EditorShell";
import { applyServerErrors, type SaveAnswer } from "./form-errors";
import { createTeacherFormSchema, splitSubjects, type CreateTeacherFormInput } from "./teacher-admin.schema";
import { IMAGE_ACCEPT, uploadImage } from "./upload-client";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

export default function TeacherCreatePage() {
  const { t } = useTranslation("admin-content");
  return (
    <EditorShell title={t("teacher.createTitle")} backTo="/admin/teachers" backLabel={t("teacher.back")}>
      <PageMeta title={t("teacher.createTitle")} description={t("teacher.createTitle")} />
      <CreateTeacherForm />
    </EditorShell>
  );
}

const empty: CreateTeacherFormInput = { teachername: "", subjects: "", experience: "" };

/**
 * The Create Teacher form of the specification (sections 2-5 and 8): name, subjects (comma
 * separated), experience and a required photo with preview. The photo is uploaded on submit,
 * then the teacher is created with its URL.
 */
function CreateTeacherForm() {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateTeacherFormInput>({ resolver: zodResolver(createTeacherFormSchema), defaultValues: empty });

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  function choose(file: File | undefined) {
    setPhoto(file ?? null);
    setPreview(file ? URL.createObjectURL(file) : null);
  }

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    if (!photo) {
      window.alert(t("teacher.photoRequired"));
      return;
    }
    try {
      let url: string;
      try {
        setProgress(0);
        url = (await uploadImage(photo, { lang, onProgress: setProgress })).url;
      } catch {
        window.alert(t("teacher.uploadFailed"));
        return;
      } finally {
        setProgress(null);
      }
      const answer = await apiRequest<SaveAnswer>("POST", "/admin/teacher-dashboard/create-teacher", {
        body: { teachername: values.teachername, subjects: splitSubjects(values.subjects), experience: values.experience, teacherphoto: [url] },
        lang,
      });
      if (answer.ok) {
        setResult({ ok: true, text: t("teacher.created") });
        reset(empty);
        choose(undefined);
        setFileInputKey((k) => k + 1);
      } else {
        applyServerErrors(answer.data, setError);
        setResult({ ok: false, text: answer.data?.message ?? t("teacher.createError") });
      }
    } catch {
      setResult({ ok: false, text: t("teacher.submitError") });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
      <Field label={t("teacher.fields.teachername")} error={errors.teachername?.message}>
        {({ id, describedBy, invalid }) => <input id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("teachername")} />}
      </Field>
      <Field label={t("teacher.fields.subjects")} error={errors.subjects?.message} hint={t("teacher.subjectsHint")}>
        {({ id, describedBy, invalid }) => <input id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("subjects")} />}
      </Field>
      <Field label={t("teacher.fields.experience")} error={errors.experience?.message}>
        {({ id, describedBy, invalid }) => <input id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("experience")} />}
      </Field>
      <div>
        <label htmlFor="teacher-photo" className="mb-1 block text-sm font-medium text-slate-800">
          {t("teacher.fields.photo")}
        </label>
        <input key={fileInputKey} id="teacher-photo" type="file" accept={IMAGE_ACCEPT} onChange={(e) => choose(e.target.files?.[0])} className="block text-sm" />
        {preview ? <img src={preview} alt={t("teacher.photoPreview")} className="mt-3 h-40 w-40 rounded-lg border border-slate-200 object-cover" /> : null}
        {progress !== null ? (
          <p role="status" className="mt-2 text-sm text-slate-700">
            <progress max={100} value={Math.round(progress * 100)} className="me-2 align-middle" aria-label={t("upload.progress")} />
            {t("upload.uploading", { percent: Math.round(progress * 100) })}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={isSubmitting} className={primaryButton}>
        {isSubmitting ? t("teacher.uploading") : t("teacher.submit")}
      </button>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "font-medium text-green-700" : "font-medium text-red-700"}>
          {result.text}
        </p>
      ) : null}
    </form>
  );
}
