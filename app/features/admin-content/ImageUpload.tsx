import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLang } from "~/i18n/use-lang";
import { safeUrl } from "~/lib/safe-url";
import { LibraryPicker } from "~/features/media/LibraryPicker";
import { toast } from "~/ui/toast";
import { IMAGE_ACCEPT, UploadError, uploadImage } from "~/features/media/upload-client";

interface ImageUploadProps {
  label: string;
  /** The stored image URL ("" when none). */
  value: string;
  onChange: (url: string) => void;
  /** A validation message key or text. */
  error?: string;
  /** Alt text of the preview. */
  previewAlt?: string;
}

/**
 * Picks an image, uploads it at once with a progress bar (it joins the media library), or takes
 * one from the library; shows a preview of what is stored. The parent keeps only the URL.
 */
export function ImageUpload({ label, value, onChange, error, previewAlt = "" }: ImageUploadProps) {
  const { t } = useTranslation("admin-content");
  const { t: tv } = useTranslation("validation");
  const lang = useLang();
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The local preview is a blob: URL; free it when replaced or unmounted.
  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );

  async function pick(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    setLocalPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const image = await uploadImage(file, { lang, onProgress: setProgress });
      onChange(image.url);
    } catch (err) {
      setFailure(err instanceof UploadError && err.message ? err.message : t("upload.failed"));
    } finally {
      setProgress(null);
      setLocalPreview(null);
    }
  }

  const shown = localPreview ?? safeUrl(value);
  const message = failure ?? (error ? tv(error, { defaultValue: error }) : null);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-wrap items-start gap-4">
        {shown ? (
          <img src={shown} alt={previewAlt || t("upload.preview")} className="h-28 w-40 rounded-lg border border-slate-200 object-cover" />
        ) : (
          <div className="flex h-28 w-40 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-500">
            {t("upload.none")}
          </div>
        )}
        <div className="space-y-2">
          <input
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={progress !== null}
            aria-describedby={message ? `${id}-error` : undefined}
            aria-invalid={Boolean(message)}
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = "";
            }}
            className="block text-sm"
          />
          {progress !== null ? (
            <div role="status" className="text-sm text-slate-700">
              <progress max={100} value={Math.round(progress * 100)} className="me-2 align-middle" aria-label={t("upload.progress")} />
              {t("upload.uploading", { percent: Math.round(progress * 100) })}
            </div>
          ) : null}
          {progress === null ? (
            <LibraryPicker
              onPick={(item) => {
                setFailure(null);
                onChange(item.url);
                toast.success(t("media.picker.chosen"));
              }}
            />
          ) : null}
          {value && progress === null ? (
            <button type="button" onClick={() => onChange("")} className="text-sm font-medium text-red-700 hover:underline">
              {t("upload.remove")}
            </button>
          ) : null}
          {message ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {message}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
