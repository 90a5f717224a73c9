import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { deleteImage, NotAnImageError, storeImage } from "~server/storage/images";
import { createMediaStorage } from "~server/storage/storage";
import type { CsvColumn } from "~/features/admin-kit/list/csv.server";
import { listEndpoint, listSource } from "~/features/admin-kit/list/list-query.server";
import { imageReceiver } from "~/features/media/uploads.api";
import { idParams } from "~/lib/record-id";
import { mediaAltChangeSchema, mediaUploadSchema, type MediaUse } from "./media.schema";
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

const t = (lang: "en" | "ar", key: string, values?: Record<string, string | number>) => serverT(lang, "admin-content", key, values);

/** "Blog post “Robots”, Course “Coding”": where an image is used, for the refusal to delete it. */
function usesText(lang: "en" | "ar", uses: MediaUse[]): string {
  return uses
    .map((use) => t(lang, "media.use", { kind: serverT(lang, "admin", `audit.entities.${use.kind}`), name: use.name || `#${use.id}` }))
    .join(lang === "ar" ? "، " : ", ");
}

/**
 * POST /api/admin/media: one image with its alt texts → 201 { message, media }. The JSON route
 * reads it as multipart (the field `file`), the page from its own form post: both fill the same input.
 */
export const uploadMedia = defineEndpoint({
  method: "POST",
  path: "/api/admin/media",
  access: "staff",
  // The JSON route reads multipart (the access checked before the body is read).
  multipart: { file: "file", receive: ({ config }) => imageReceiver(config) },
  input: mediaUploadSchema,
  async run({ deps: { config, db }, caller }, { file, ...alts }) {
    // The alt texts were checked first (the schema), so a refusal stores nothing.
    if (!file) throw new HttpError(400, t(caller.lang, "api.noFile"));
    if (file.bytes.byteLength > config.maxUploadBytes)
      throw new HttpError(413, t(caller.lang, "api.tooLarge", { mb: Math.round((config.maxUploadBytes / 1024 / 1024) * 10) / 10 }));
    let image;
    try {
      image = await storeImage(createMediaStorage(config), Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    } catch (error) {
      if (error instanceof NotAnImageError) throw new HttpError(400, t(caller.lang, "api.notAnImage"));
      throw error;
    }
    const id = await addMedia(db, image, { userId: caller.user.id, ...alts });
    return { status: 201, body: { message: t(caller.lang, "media.uploaded"), media: await getMedia(db, id, caller.lang) } };
  },
});

/** PATCH /api/admin/media/{id}: either alt text or both → { message, media }. */
export const changeMediaAlt = defineEndpoint({
  method: "PATCH",
  path: "/api/admin/media/:id",
  access: "staff",
  params: idParams,
  input: mediaAltChangeSchema,
  async run({ deps: { db }, caller, params: { id } }, alts) {
    if (!(await updateMediaAlt(db, caller.user.id, id, alts))) throw new HttpError(404, t(caller.lang, "api.notFound"));
    return { status: 200, body: { message: t(caller.lang, "media.altSaved"), media: await getMedia(db, id, caller.lang) } };
  },
});

/** DELETE /api/admin/media/{id}: 409 { message, usedBy } while content shows the image. */
export const deleteMediaItem = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/media/:id",
  access: "staff",
  params: idParams,
  // Nothing is read: a query string is ignored.
  input: z.unknown(),
  async run({ deps: { config, db }, caller, params: { id } }) {
    const result = await deleteMedia(db, caller.user.id, id, caller.lang);
    if (!result.ok && result.reason === "notFound") throw new HttpError(404, t(caller.lang, "api.notFound"));
    if (!result.ok)
      return {
        status: 409,
        body: { message: t(caller.lang, "media.inUse", { uses: usesText(caller.lang, result.usedBy), count: result.usedBy.length }), usedBy: result.usedBy },
      };
    // No saved content shows it: its copies go now (a failure leaves them to the daily clean-up).
    await deleteImage(createMediaStorage(config), result.url).catch(() => undefined);
    return { status: 200, body: { message: t(caller.lang, "media.deleted") } };
  },
});

/** GET /api/admin/media: the library (search, sort, pages; JSON or ?format=csv), each image with where it is used. */
export const listMedia = listEndpoint({
  path: "/api/admin/media",
  access: "staff",
  spec: mediaList,
  source: async ({ db }, caller) => {
    const uses = await mediaUses(db, caller.lang);
    return listSource(mediaBase(db), {
      filename: "media",
      columns: mediaCsv,
      toJson: (m) => ({
        id: m.id,
        url: m.url,
        width: m.width,
        height: m.height,
        altEn: m.alt_en,
        altAr: m.alt_ar,
        uploadedBy: m.uploaded_by,
        createdAt: m.created_at,
        usedBy: uses.get(m.upload) ?? [],
      }),
    });
  },
});

/** GET /api/admin/media/{id} → { media }. */
export const readMedia = defineEndpoint({
  method: "GET",
  path: "/api/admin/media/:id",
  access: "staff",
  params: idParams,
  notFound: { ns: "admin-content", key: "api.notFound" },
  input: z.object({}),
  async run({ deps: { db }, caller, params: { id } }) {
    const media = await getMedia(db, id, caller.lang);
    if (!media) throw new HttpError(404, t(caller.lang, "api.notFound"));
    return { status: 200, body: { media } };
  },
});

/**
 * The media library's API (issue 16), staff and editors: list and search, one image, upload with
 * alt texts, alt text changes, delete (refused while content shows the image). Every write is audited.
 */
export function mediaApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, [listMedia, readMedia, uploadMedia, changeMediaAlt, deleteMediaItem]));
  return router;
}
