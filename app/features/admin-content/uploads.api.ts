import { Router, type RequestHandler } from "express";
import multer from "multer";
import type { ApiDeps } from "~server/features";
import { HttpError } from "~server/http/errors";
import { requestLang, serverT } from "~server/i18n";
import { requireStaff } from "~server/security/access";
import { NotAnImageError, storeImage } from "~server/storage/images";
import { createMediaStorage } from "~server/storage/storage";

/** `POST /api/admin/uploads`: one image in the multipart field `file` → 201 { url, srcset, width, height }. */
export function uploadsApi(deps: ApiDeps): Router {
  const { config } = deps;
  const router = Router();
  const storage = createMediaStorage(config);
  // Kept in memory (at most MAX_UPLOAD_BYTES): sharp reads the bytes, only the re-encoded copies are stored.
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10, parts: 12 } });

  const receiveFile: RequestHandler = (req, res, next) => {
    upload.single("file")(req, res, (err: unknown) => {
      if (!err) return next();
      const t = (key: string, values?: Record<string, string | number>) => serverT(requestLang(req), "admin-content", key, values);
      if (err instanceof multer.MulterError) {
        if (err.code === "LIMIT_FILE_SIZE") {
          return next(new HttpError(413, t("api.tooLarge", { mb: Math.round((config.maxUploadBytes / 1024 / 1024) * 10) / 10 })));
        }
        return next(new HttpError(400, t("api.oneFile")));
      }
      // A malformed multipart body (busboy) is the client's fault, not ours.
      return next(new HttpError(400, t("api.badUpload")));
    });
  };

  router.use("/api/admin/uploads", requireStaff);
  router.post("/api/admin/uploads", receiveFile, async (req, res) => {
    const t = (key: string) => serverT(requestLang(req), "admin-content", key);
    if (!req.file) throw new HttpError(400, t("api.noFile"));
    try {
      res.status(201).json(await storeImage(storage, req.file.buffer));
    } catch (error) {
      if (error instanceof NotAnImageError) throw new HttpError(400, t("api.notAnImage"));
      throw error;
    }
  });
  return router;
}
