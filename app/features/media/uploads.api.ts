import { Router, type RequestHandler } from "express";
import multer from "multer";
import { z } from "zod";
import type { Config } from "~server/config";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { requestLang, serverT } from "~server/i18n";
import { requireStaff } from "~server/security/access";
import { NotAnImageError, storeImage } from "~server/storage/images";
import { createMediaStorage } from "~server/storage/storage";
import { addMedia } from "~/features/media/media.server";
import { receivedFile } from "~/features/media/media.schema";

/**
 * Reads one image from the multipart field `file` (and up to a few text fields) into memory, at
 * most MAX_UPLOAD_BYTES: sharp reads the bytes, only the re-encoded copies are stored.
 */
export function imageReceiver(config: Config, fields = 10, maxBytes = config.maxUploadBytes): RequestHandler {
  // `fields`: more for a form that ticks many boxes (a portfolio photo's children, decision 135).
  // `maxBytes`: a portfolio also takes a short video (decision 144), its own limit checked by kind after.
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields, fieldSize: 4096, parts: fields + 2 } });
  return (req, res, next) => {
    upload.single("file")(req, res, (err: unknown) => {
      if (!err) return next();
      const t = (key: string, values?: Record<string, string | number>) => serverT(requestLang(req), "admin-content", key, values);
      if (err instanceof multer.MulterError) {
        if (err.code === "LIMIT_FILE_SIZE") {
          const refused = new HttpError(413, t("api.tooLarge", { mb: Math.round((maxBytes / 1024 / 1024) * 10) / 10 }));
          // A body not much over the limit is read to its end first, so the client gets the answer
          // rather than a connection reset halfway through sending (a phone's large video).
          const length = Number(req.get("content-length") ?? 0);
          if (length > 2 * maxBytes || req.readableEnded) return next(refused);
          let read = 0;
          const drain = (chunk: Buffer) => {
            read += chunk.length;
            // A body without a length that keeps coming is cut off, as before.
            if (read > 2 * maxBytes) {
              req.off("data", drain);
              next(refused);
            }
          };
          req.on("data", drain);
          req.once("end", () => {
            req.off("data", drain);
            if (read <= 2 * maxBytes) next(refused);
          });
          req.resume();
          return;
        }
        // Too many files, or a file under another name; otherwise too many or too long text fields.
        return next(new HttpError(400, t(err.code === "LIMIT_FILE_COUNT" || err.code === "LIMIT_UNEXPECTED_FILE" ? "api.oneFile" : "api.badUpload")));
      }
      // A malformed multipart body (busboy) is the client's fault, not ours.
      return next(new HttpError(400, t("api.badUpload")));
    });
  };
}

/**
 * `POST /api/admin/uploads`: one image in the multipart field `file` → 201 { url, srcset, width,
 * height, mediaId }. Every upload joins the media library (without alt text).
 */
export const uploadImage = defineEndpoint({
  method: "POST",
  path: "/api/admin/uploads",
  access: "staff",
  multipart: { file: "file", receive: ({ config }) => imageReceiver(config) },
  input: z.object({ file: receivedFile.optional() }),
  async run({ deps: { config, db }, caller }, { file }) {
    const t = (key: string) => serverT(caller.lang, "admin-content", key);
    if (!file) throw new HttpError(400, t("api.noFile"));
    let image;
    try {
      image = await storeImage(createMediaStorage(config), Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    } catch (error) {
      if (error instanceof NotAnImageError) throw new HttpError(400, t("api.notAnImage"));
      throw error;
    }
    const mediaId = await addMedia(db, image, { userId: caller.user.id });
    return { status: 201, body: { ...image, mediaId } };
  },
});

export function uploadsApi(deps: EndpointDeps): Router {
  const router = Router();
  // Before the body is read: a stranger hears 401 whatever they send.
  router.use("/api/admin/uploads", requireStaff);
  router.use(jsonRoutes(deps, [uploadImage]));
  return router;
}
