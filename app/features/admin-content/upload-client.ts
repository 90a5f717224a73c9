import type { Lang } from "~/i18n/lang";

/** What POST /api/admin/uploads answers. */
interface UploadedImage {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

/** A failed upload; `message` is the server's when it sent one. */
export class UploadError extends Error {
  constructor(message: string | undefined) {
    super(message ?? "");
  }
}

/**
 * Sends one image to the upload endpoint. XMLHttpRequest rather than fetch, because only it
 * reports upload progress (0..1) while the bytes go out.
 */
export function uploadImage(file: File, options: { lang: Lang; onProgress?: (fraction: number) => void }): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/uploads");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Accept-Language", options.lang);
    xhr.responseType = "json";
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      const body = xhr.response as (Partial<UploadedImage> & { message?: string }) | null;
      if (xhr.status === 201 && body && typeof body.url === "string") resolve(body as UploadedImage);
      else reject(new UploadError(typeof body?.message === "string" ? body.message : undefined));
    });
    xhr.addEventListener("error", () => reject(new UploadError(undefined)));
    xhr.addEventListener("abort", () => reject(new UploadError(undefined)));
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}

/** Types the upload endpoint accepts (it checks the bytes; this only filters the file picker). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
