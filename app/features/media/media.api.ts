import { Router } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody, parseInput } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { requireStaff } from "~server/security/access";
import { deleteImage } from "~server/storage/images";
import { createMediaStorage } from "~server/storage/storage";
import { idOr404, staffOf } from "~/features/admin/admin-http.server";
import type { CsvColumn } from "~/features/admin/list/csv.server";
import { sendList } from "~/features/admin/list/list-query.server";
import { imageReceiver, storeReceivedImage } from "~/features/admin-content/uploads.api";
import { mediaAltChangeSchema, mediaAltSchema, type MediaUse } from "./media.schema";
import { addMedia, deleteMedia, getMedia, mediaBase, mediaList, mediaUses, updateMediaAlt } from "./media.server";

type MediaRow = Awaited<ReturnType<ReturnType<typeof mediaBase>["execute"]>>[number];

const mediaCsv: CsvColumn<MediaRow>[] = [
  { header: "Id", value: (m) => m.id },
  { header: "URL", value: (m) => m.url },
  { header: "Width", value: (m) => m.width ?? "" },
  { header: "Height", value: (m) => m.height ?? "" },
  { header: "Alt text (English)", value: (m) => m.alt_en },
  { header: "Alt text (Arabic)", value: (m) => m.alt_ar },
  { header: "Uploaded by", value: (m) => m.uploaded_by ?? "" },
  { header: "Uploaded at", value: (m) => m.created_at, instant: true },
];

/** "Blog post “Robots”, Course “Coding”": where an image is used, for the refusal to delete it. */
function usesText(lang: "en" | "ar", uses: MediaUse[]): string {
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "admin-content", key, values);
  return uses.map((use) => t("media.use", { kind: serverT(lang, "admin", `audit.entities.${use.kind}`), name: use.name || `#${use.id}` })).join(lang === "ar" ? "، " : ", ");
}

/**
 * The media library's API (issue 16), staff and editors: list and search, one image, upload with
 * alt texts, alt text changes, delete (refused while content shows the image). Every write is audited.
 */
export function mediaApi({ config, db }: EndpointDeps): Router {
  const router = Router();
  const storage = createMediaStorage(config);
  router.use("/api/admin/media", requireStaff);

  router.get("/api/admin/media", async (req, res) => {
    const uses = await mediaUses(db, requestLang(req));
    await sendList(req, res, mediaBase(db), mediaList, {
      db,
      filename: "media",
      columns: mediaCsv,
      toJson: (m) => ({ id: m.id, url: m.url, width: m.width, height: m.height, altEn: m.alt_en, altAr: m.alt_ar, uploadedBy: m.uploaded_by, createdAt: m.created_at, usedBy: uses.get(m.upload) ?? [] }),
    });
  });

  router.get("/api/admin/media/:id", async (req, res) => {
    const lang = requestLang(req);
    const media = await getMedia(db, idOr404(req.params.id, serverT(lang, "admin-content", "api.notFound")), lang);
    if (!media) throw new HttpError(404, serverT(lang, "admin-content", "api.notFound"));
    res.json({ media });
  });

  router.post("/api/admin/media", imageReceiver(config), async (req, res) => {
    const lang = requestLang(req);
    // The alt texts are checked before the image is stored, so a refusal stores nothing.
    const alts = parseInput(mediaAltSchema, { altEn: req.body?.altEn, altAr: req.body?.altAr }, req);
    const image = await storeReceivedImage(storage, req);
    const id = await addMedia(db, image, { userId: staffOf(res).id, ...alts });
    res.status(201).json({ message: serverT(lang, "admin-content", "media.uploaded"), media: await getMedia(db, id, lang) });
  });

  router.patch("/api/admin/media/:id", async (req, res) => {
    const lang = requestLang(req);
    const id = idOr404(req.params.id, serverT(lang, "admin-content", "api.notFound"));
    const alts = parseBody(mediaAltChangeSchema, req);
    if (!(await updateMediaAlt(db, staffOf(res).id, id, alts))) throw new HttpError(404, serverT(lang, "admin-content", "api.notFound"));
    res.json({ message: serverT(lang, "admin-content", "media.altSaved"), media: await getMedia(db, id, lang) });
  });

  router.delete("/api/admin/media/:id", async (req, res) => {
    const lang = requestLang(req);
    const id = idOr404(req.params.id, serverT(lang, "admin-content", "api.notFound"));
    const result = await deleteMedia(db, staffOf(res).id, id, lang);
    if (!result.ok && result.reason === "notFound") throw new HttpError(404, serverT(lang, "admin-content", "api.notFound"));
    if (!result.ok) {
      res.status(409).json({ message: serverT(lang, "admin-content", "media.inUse", { uses: usesText(lang, result.usedBy), count: result.usedBy.length }), usedBy: result.usedBy });
      return;
    }
    // No saved content shows it: its copies go now (a failure leaves them to the daily clean-up).
    await deleteImage(storage, result.url).catch(() => undefined);
    res.json({ message: serverT(lang, "admin-content", "media.deleted") });
  });
  return router;
}
