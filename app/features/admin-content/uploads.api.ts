import { Router, type RequestHandler } from "express";
import multer from "multer";
import type { Config } from "~server/config";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { requestLang, serverT } from "~server/i18n";
import { requireStaff } from "~server/security/access";
import { NotAnImageError, storeImage } from "~server/storage/images";
import { createMediaStorage, type MediaStorage } from "~server/storage/storage";
import { staffOf } from "~/features/admin/admin-http.server";
import { addMedia } from "~/features/media/media.server";

/**
 * Reads one image from the multipart field `file` (and up to a few text fields) into memory, at
 * most MAX_UPLOAD_BYTES: sharp reads the bytes, only the re-encoded copies are stored.
 */
export function imageReceiver(config: Config): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12 } });
  return (req, res, next) => {
    upload.single("file")(req, res, (err: unknown) => {
      if (!err) return next();
      const t = (key: string, values?: Record<string, string | number>) => serverT(requestLang(req), "admin-content", key, values);
      if (err instanceof multer.MulterError) {
        if (err.code === "LIMIT_FILE_SIZE") {
          return next(new HttpError(413, t("api.tooLarge", { mb: Math.round((config.maxUploadBytes / 1024 / 1024) * 10) / 10 })));
        }
        // Too many files, or a file under another name; otherwise too many or too long text fields.
        return next(new HttpError(400, t(err.code === "LIMIT_FILE_COUNT" || err.code === "LIMIT_UNEXPECTED_FILE" ? "api.oneFile" : "api.badUpload")));
      }
      // A malformed multipart body (busboy) is the client's fault, not ours.
      return next(new HttpError(400, t("api.badUpload")));
    });
  };
}

/** The received image, re-encoded and stored: 400 when there is none or it is not an accepted image. */
export async function storeReceivedImage(storage: MediaStorage, req: Parameters<RequestHandler>[0]) {
  const t = (key: string) => serverT(requestLang(req), "admin-content", key);
  if (!req.file) throw new HttpError(400, t("api.noFile"));
  try {
    return await storeImage(storage, req.file.buffer);
  } catch (error) {
    if (error instanceof NotAnImageError) throw new HttpError(400, t("api.notAnImage"));
    throw error;
  }
}

/**
 * `POST /api/admin/uploads`: one image in the multipart field `file` → 201 { url, srcset, width,
 * height, mediaId }. Every upload joins the media library (without alt text).
 */
export function uploadsApi(deps: EndpointDeps): Router {
  const { config, db } = deps;
  const router = Router();
  const storage = createMediaStorage(config);
  router.use("/api/admin/uploads", requireStaff);
  router.post("/api/admin/uploads", imageReceiver(config), async (req, res) => {
    const image = await storeReceivedImage(storage, req);
    const mediaId = await addMedia(db, image, { userId: staffOf(res).id });
    res.status(201).json({ ...image, mediaId });
  });
  return router;
}
