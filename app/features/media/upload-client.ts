import type { Lang } from "~/i18n/lang";

/** What POST /api/admin/uploads answers (POST /api/admin/media answers { message, media }). */
interface UploadedImage {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

/** A failed upload; `message` is the server's when it sent one. */
export class UploadError extends Error {
  constructor(
    message: string | undefined,
    /** The server's message per field, when it refused some (the alt texts of a library upload). */
    readonly errors?: Record<string, string>,
  ) {
    super(message ?? "");
  }
}

/**
 * Sends one image to the upload endpoint. XMLHttpRequest rather than fetch, because only it
 * reports upload progress (0..1) while the bytes go out.
 */
export function uploadImage(file: File, options: { lang: Lang; onProgress?: (fraction: number) => void }): Promise<UploadedImage> {
  return sendImage<UploadedImage>("/api/admin/uploads", file, {}, options).then((body) => {
    if (typeof body.url !== "string") throw new UploadError(undefined);
    return body;
  });
}

/**
 * Sends one image (multipart field `file`) and text `fields` to `path`; resolves with the JSON
 * answer of a 201, rejects with the server's message otherwise.
 */
export function sendImage<T>(
  path: string,
  file: File,
  fields: Record<string, string>,
  options: { lang: Lang; onProgress?: (fraction: number) => void },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Accept-Language", options.lang);
    xhr.responseType = "json";
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      const body = xhr.response as (T & { message?: string; errors?: Record<string, string> }) | null;
      if (xhr.status === 201 && body) resolve(body);
      else
        reject(
          new UploadError(
            typeof body?.message === "string" ? body.message : undefined,
            body?.errors && typeof body.errors === "object" ? body.errors : undefined,
          ),
        );
    });
    xhr.addEventListener("error", () => reject(new UploadError(undefined)));
    xhr.addEventListener("abort", () => reject(new UploadError(undefined)));
    const form = new FormData();
    // Text fields first, so a server that streams the parts meets them before the bytes.
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("file", file);
    xhr.send(form);
  });
}

/** Types the upload endpoint accepts (it checks the bytes; this only filters the file picker). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
