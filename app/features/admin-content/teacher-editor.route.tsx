import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { useLang } from "~/i18n/use-lang";
import { useApiForm, type ApiFormRequest } from "~/lib/forms/use-api-form";
import type { Route } from "./+types/teacher-editor.route";
import { EditorPage, primaryButton } from "./EditorShell";
import { editorLoader } from "./record-loader.server";
import { EditorActions, ImageField, TextField } from "./RecordFields";
import { createTeacherFormSchema, splitSubjects, teacherSchema, type TeacherInput } from "./teacher-admin.schema";
import { getTeacherForm } from "./teacher-admin.server";
import { IMAGE_ACCEPT, uploadImage } from "~/features/media/upload-client";
import { useDeleteRecord } from "./use-delete-record";

export const loader = editorLoader(getTeacherForm, () => ({ id: null, teacher: null }));

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

export default function TeacherEditorPage({ loaderData }: Route.ComponentProps) {
  return (
    <EditorPage collection="teachers" prefix="teacher" id={loaderData.id}>
      <TeacherEditor id={loaderData.id} initial={loaderData.teacher} />
    </EditorPage>
  );
}

// Both modes share one form whose values are texts by field name (the photo is apart when creating).
type TeacherForm = Record<string, string>;
type TextName = "teachername" | "subjects" | "experience" | Exclude<keyof TeacherInput, "photo" | "subjects">;

/**
 * The fields of each mode. Creating is the specification's Create Teacher form (sections 2-5 and
 * 8: name, comma separated subjects, experience, a required photo chosen from disk and uploaded on
 * submit), posted to its path; editing has every field, in both languages.
 */
const modes = {
  create: { schema: createTeacherFormSchema, fields: ["teachername", "subjects", "experience"] },
  edit: { schema: teacherSchema, fields: ["nameEn", "nameAr", "profileEn", "profileAr", "experienceEn", "experienceAr", "subjects"] },
} as const satisfies Record<string, { schema: z.ZodType; fields: readonly TextName[] }>;

function TeacherEditor({ id, initial }: { id: number | null; initial: TeacherInput | null }) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const revalidator = useRevalidator();
  const remove = useDeleteRecord("teachers", id);
  const mode = id ? modes.edit : modes.create;
  const photo = usePhotoChoice();
  const [created, setCreated] = useState(false);

  async function createRequest(values: TeacherForm): Promise<ApiFormRequest | undefined> {
    // The message stays beside the picker (not a browser alert) until a photo is chosen.
    if (!photo.file) {
      photo.fail(t("teacher.photoRequired"));
      return undefined;
    }
    const url = await photo.upload(lang);
    if (!url) {
      photo.fail(t("teacher.uploadFailed"));
      return undefined;
    }
    const body = { teachername: values.teachername, subjects: splitSubjects(values.subjects ?? ""), experience: values.experience, teacherphoto: [url] };
    return { method: "POST", path: "/admin/teacher-dashboard/create-teacher", body };
  }

  const form = useApiForm({
    id: "teachers-editor",
    schema: mode.schema as unknown as z.ZodType<TeacherForm, TeacherForm>,
    defaults: initial ?? { teachername: "", subjects: "", experience: "" },
    messages: id ? { failed: t("form.saveFailed"), network: t("form.network") } : { failed: t("teacher.createError"), network: t("teacher.submitError") },
    // Edits send the values as typed: the server's schema splits the subjects itself.
    request: (_values, input) => {
      setCreated(false);
      return id ? { method: "PUT", path: `/api/admin/teachers/${id}`, body: input } : createRequest(input);
    },
    // The specification's success text stays on the page; an edit shows the usual toast.
    successToast: id ? undefined : false,
    onSuccess: async () => {
      if (id) {
        form.methods.reset(form.methods.getValues());
        return void (await revalidator.revalidate());
      }
      setCreated(true);
      form.methods.reset();
      photo.clear();
    },
  });

  return (
    <form {...form.formProps} className={id ? "space-y-6" : "max-w-xl space-y-4"}>
      <div className={id ? "grid gap-4 md:grid-cols-2" : "space-y-4"}>
        {mode.fields.map((name) => (
          <TextField
            key={name}
            label={t(`teacher.fields.${name}`)}
            hint={name === "subjects" && !id ? t("teacher.subjectsHint") : undefined}
            // The edit form's untagged fields (subjects) are English, as the old edit page had them.
            dir={name.endsWith("Ar") ? "rtl" : id ? "ltr" : undefined}
            error={form.error(name)}
            control={form.field(name)}
          />
        ))}
      </div>
      {id ? (
        <>
          <ImageField control={form.methods.control} name="photo" label={t("teacher.fields.photo")} />
          <EditorActions pending={form.pending} dirty={form.methods.formState.isDirty} deleteQuestion={t("teacher.confirmDelete")} onDelete={remove} />
        </>
      ) : (
        <>
          <PhotoPicker choice={photo} />
          <button type="submit" disabled={form.pending} className={primaryButton}>
            {form.pending ? t("teacher.uploading") : t("teacher.submit")}
          </button>
          {created ? (
            <p role="status" className="font-medium text-green-700">
              {t("teacher.created")}
            </p>
          ) : null}
        </>
      )}
    </form>
  );
}

/** The photo chosen from disk for a new teacher: its preview, and its upload with progress. */
const PHOTO_INPUT = "teacher-photo";

function usePhotoChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // A new key empties the file input after a teacher is created.
  const [inputKey, setInputKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  useEffect(() => () => void (previewRef.current && URL.revokeObjectURL(previewRef.current)), []);

  function choose(next: File | undefined) {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = next ? URL.createObjectURL(next) : null;
    setFile(next ?? null);
    setPreview(previewRef.current);
    setError(null);
  }
  function fail(message: string) {
    setError(message);
    document.getElementById(PHOTO_INPUT)?.focus();
  }
  async function upload(lang: ReturnType<typeof useLang>): Promise<string | undefined> {
    if (!file) return undefined;
    setProgress(0);
    try {
      return (await uploadImage(file, { lang, onProgress: setProgress })).url;
    } catch {
      return undefined;
    } finally {
      setProgress(null);
    }
  }
  function clear() {
    choose(undefined);
    setInputKey((k) => k + 1);
  }
  return { file, preview, progress, inputKey, error, choose, fail, upload, clear };
}

function PhotoPicker({ choice }: { choice: ReturnType<typeof usePhotoChoice> }) {
  const { t } = useTranslation("admin-content");
  return (
    <div>
      <label htmlFor={PHOTO_INPUT} className="mb-1 block text-sm font-medium text-slate-800">
        {t("teacher.fields.photo")}
      </label>
      <input
        key={choice.inputKey}
        id={PHOTO_INPUT}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-invalid={choice.error ? true : undefined}
        aria-describedby={choice.error ? `${PHOTO_INPUT}-error` : undefined}
        onChange={(e) => choice.choose(e.target.files?.[0])}
        className="block text-sm"
      />
      {choice.error ? (
        <p id={`${PHOTO_INPUT}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {choice.error}
        </p>
      ) : null}
      {choice.preview ? (
        <img src={choice.preview} alt={t("teacher.photoPreview")} className="mt-3 h-40 w-40 rounded-lg border border-slate-200 object-cover" />
      ) : null}
      {choice.progress !== null ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          <progress max={100} value={Math.round(choice.progress * 100)} className="me-2 align-middle" aria-label={t("upload.progress")} />
          {t("upload.uploading", { percent: Math.round(choice.progress * 100) })}
        </p>
      ) : null}
    </div>
  );
}
