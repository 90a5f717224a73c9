import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation, useRevalidator } from "react-router";
import { SaveButton } from "~/features/admin-kit/StaffForm";
import { IMAGE_ACCEPT, sendImage, UploadError } from "~/features/media/upload-client";
import { useLang } from "~/i18n/use-lang";
import { useHydrated } from "~/lib/use-hydrated";
import { Field } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { toast } from "~/ui/toast";
import { MediaAltFields } from "./MediaAltFields";
import type { MediaFormState } from "./media-forms";

/**
 * Uploads an image with its alt texts. Without JavaScript it posts (multipart) to the page; once
 * hydrated it goes straight to POST /api/admin/media with a progress bar.
 */
export function MediaUploadForm({ state }: { state: MediaFormState | undefined }) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ message: string; errors?: Record<string, string> } | null>(null);
  const posting = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  const busy = posting || progress !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const formElement = event.currentTarget;
    const fields = new FormData(formElement);
    const file = fields.get("file");
    setFailure(null);
    setProgress(0);
    try {
      const answer = await sendImage<{ message?: string }>(
        "/api/admin/media",
        file instanceof File && file.size > 0 ? file : new File([], ""),
        { altEn: String(fields.get("altEn") ?? ""), altAr: String(fields.get("altAr") ?? "") },
        { lang, onProgress: setProgress },
      );
      toast.success(answer.message ?? t("media.uploaded"));
      formElement.reset();
      await revalidator.revalidate();
    } catch (err) {
      setFailure(err instanceof UploadError && err.message ? { message: err.message, errors: err.errors } : { message: t("upload.failed") });
    } finally {
      setProgress(null);
    }
  }

  const shown = failure ?? (state && !state.ok ? { message: state.message, errors: state.errors } : null);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={submit}
      aria-labelledby="media-upload-title"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="media-upload-title" className="text-lg font-semibold text-slate-900">
        {t("media.uploadTitle")}
      </h2>
      <input type="hidden" name="intent" value="upload" />
      <FormAlert message={shown?.message} />
      {state?.ok ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {state.message}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-3">
        <Field label={t("media.file")} hint={t("media.fileHint")}>
          {({ id, describedBy }) => (
            <input id={id} type="file" name="file" accept={IMAGE_ACCEPT} required aria-describedby={describedBy} className="block w-full text-sm" />
          )}
        </Field>
        <MediaAltFields values={{ altEn: state?.values?.altEn ?? "", altAr: state?.values?.altAr ?? "" }} errors={shown?.errors} hint />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SaveButton pending={busy} label={busy ? t("media.uploading") : t("media.uploadButton")} />
        {progress !== null ? (
          <span role="status" className="text-sm text-slate-700">
            <progress max={100} value={Math.round(progress * 100)} className="me-2 align-middle" aria-label={t("upload.progress")} />
            {t("upload.uploading", { percent: Math.round(progress * 100) })}
          </span>
        ) : null}
      </div>
    </Form>
  );
}
