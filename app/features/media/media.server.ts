import type { DB } from "~server/db/db";
import type { ContentTables } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { diffFields, recordAudit } from "~server/audit/audit";
import { defineList, listRows, type ListQuery, type ListResult } from "~/features/admin-kit/list/list-query.server";
import type { Lang } from "~/i18n/lang";
import { uploadNameOf } from "~/lib/responsive-image";
import type { MediaItem, MediaUse } from "./media.schema";

/**
 * The media library (issue 16): every upload has a row (`media`) with its alt text in both
 * languages. Image fields keep the upload's URL, as before; the library is looked up by the
 * upload's name (the 24 hex characters all its copies share), so content needs no new column.
 */

const UPLOAD_IN_TEXT = /[a-f0-9]{24}(?=-\d+\.webp)/g;

/** How the audit log names a library image: its alt text, else its upload name. */
const auditName = (row: { alt_en: string; alt_ar: string; upload: string }) => row.alt_en || row.alt_ar || row.upload;

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
/** The record's name in `lang`, else in the other language. */
const named = (row: Row, en: string, ar: string, lang: Lang) => (lang === "ar" ? text(row[ar]) || text(row[en]) : text(row[en]) || text(row[ar]));

// How each content table's rows are named and edited. A Record over every content table, so a new
// one cannot be forgotten (its images would look unused and could be deleted from the library).
const CONTENT_USES: Record<keyof ContentTables, (row: Row, lang: Lang) => Omit<MediaUse, "kind"> & { kind: MediaUse["kind"] }> = {
  blog_posts: (row, lang) => ({
    kind: "blog_post",
    id: Number(row.id),
    name: named(row, "title_en", "title_ar", lang),
    editPath: `/admin/blogs/edit/${text(row.id)}`,
  }),
  courses: (row, lang) => ({
    kind: "course",
    id: Number(row.id),
    name: named(row, "name_en", "name_ar", lang),
    editPath: `/admin/courses/edit/${text(row.id)}`,
  }),
  teachers: (row, lang) => ({
    kind: "teacher",
    id: Number(row.id),
    name: named(row, "name_en", "name_ar", lang),
    editPath: `/admin/teachers/edit/${text(row.id)}`,
  }),
  products: (row, lang) => ({
    kind: "product",
    id: Number(row.id),
    name: named(row, "name_en", "name_ar", lang),
    editPath: `/admin/products/edit/${text(row.id)}`,
  }),
  camps: (row, lang) => ({
    kind: "camp",
    id: Number(row.id),
    name: named(row, "title_en", "title_ar", lang),
    editPath: `/admin/settings/camps/${text(row.id)}`,
  }),
  testimonials: (row, lang) => ({ kind: "testimonial", id: Number(row.id), name: named(row, "name_en", "name_ar", lang), editPath: null }),
  site_settings: (row) => ({ kind: "settings", id: text(row.key), name: text(row.key), editPath: "/admin/settings" }),
};

/** Which content shows each upload (by upload name), every content table read once. */
export async function mediaUses(db: DB, lang: Lang): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>();
  for (const table of Object.keys(CONTENT_USES) as (keyof ContentTables)[]) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Row[];
    for (const row of rows) {
      const names = new Set(JSON.stringify(row).match(UPLOAD_IN_TEXT) ?? []);
      if (names.size === 0) continue;
      const use = CONTENT_USES[table](row, lang);
      for (const name of names) uses.set(name, [...(uses.get(name) ?? []), use]);
    }
  }
  return uses;
}

export const mediaList = defineList({
  search: ["media.alt_en", "media.alt_ar", "media.url"],
  sorts: { created: "media.created_at" },
  defaultSort: "created",
  idColumn: "media.id",
});

export const mediaBase = (db: DB) =>
  db
    .selectFrom("media")
    .leftJoin("users", "users.id", "media.uploaded_by")
    .select([
      "media.id",
      "media.upload",
      "media.url",
      "media.width",
      "media.height",
      "media.alt_en",
      "media.alt_ar",
      "media.created_at",
      "users.username as uploaded_by",
    ]);

type MediaRow = Awaited<ReturnType<ReturnType<typeof mediaBase>["execute"]>>[number];

const toItem = (row: MediaRow, uses: Map<string, MediaUse[]>): MediaItem => ({
  id: row.id,
  url: row.url,
  width: row.width,
  height: row.height,
  altEn: row.alt_en,
  altAr: row.alt_ar,
  uploadedBy: row.uploaded_by,
  createdAt: row.created_at,
  usedBy: uses.get(row.upload) ?? [],
});

/** One page of the library, newest first, each image with the content that shows it. */
export async function listMedia(db: DB, query: ListQuery, lang: Lang): Promise<ListResult<MediaItem>> {
  const [result, uses] = await Promise.all([listRows(mediaBase(db), mediaList, query), mediaUses(db, lang)]);
  return { ...result, rows: result.rows.map((row) => toItem(row, uses)) };
}

export async function getMedia(db: DB, id: number, lang: Lang): Promise<MediaItem | undefined> {
  const row = await mediaBase(db).where("media.id", "=", id).executeTakeFirst();
  return row ? toItem(row, await mediaUses(db, lang)) : undefined;
}

/**
 * Adds a fresh upload to the library (every upload, from any image field or the library screen),
 * logged as its creation. Returns the new row's id.
 */
export async function addMedia(
  db: DB,
  image: { url: string; width: number; height: number },
  change: { userId: number | null; altEn?: string; altAr?: string },
): Promise<number> {
  const upload = uploadNameOf(image.url);
  if (!upload) throw new Error(`not an upload URL: ${image.url}`);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("media")
      .values({
        upload,
        url: image.url,
        width: image.width,
        height: image.height,
        alt_en: change.altEn ?? "",
        alt_ar: change.altAr ?? "",
        uploaded_by: change.userId,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      userId: change.userId,
      action: "create",
      entity: "media",
      entityId: row.id,
      name: auditName({ alt_en: change.altEn ?? "", alt_ar: change.altAr ?? "", upload }),
      summary: { url: image.url },
    });
    return row.id;
  });
}

/** Saves the alt texts given, logging each changed one; false when there is no such image. */
export async function updateMediaAlt(db: DB, userId: number, id: number, alts: { altEn?: string; altAr?: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    const values = { alt_en: alts.altEn ?? before.alt_en, alt_ar: alts.altAr ?? before.alt_ar };
    await trx
      .updateTable("media")
      .set({ ...values, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      userId,
      action: "update",
      entity: "media",
      entityId: id,
      name: auditName({ ...before, ...values }),
      changes: diffFields(before, values),
    });
    return true;
  });
}

export type MediaRemoval = { ok: true; url: string } | { ok: false; reason: "notFound" } | { ok: false; reason: "inUse"; usedBy: MediaUse[] };

/**
 * Takes an image out of the library, unless content still shows it (then `inUse` names where).
 * The stored copies are removed by the caller once the row is gone.
 */
export async function deleteMedia(db: DB, userId: number, id: number, lang: Lang): Promise<MediaRemoval> {
  const row = await db.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, reason: "notFound" };
  const usedBy = (await mediaUses(db, lang)).get(row.upload) ?? [];
  if (usedBy.length > 0) return { ok: false, reason: "inUse", usedBy };
  const removed = await db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom("media").where("id", "=", id).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return false;
    await recordAudit(trx, {
      userId,
      action: "delete",
      entity: "media",
      entityId: id,
      name: auditName(row),
      summary: { url: row.url, alt_en: row.alt_en, alt_ar: row.alt_ar },
    });
    return true;
  });
  return removed ? { ok: true, url: row.url } : { ok: false, reason: "notFound" };
}

/**
 * The library's alt text in `lang` for each of these image URLs that has one (public pages use
 * it where the content gives none). Matched by upload name, so any width's URL finds it.
 */
export async function libraryAlts(db: DB, urls: readonly string[], lang: Lang): Promise<Record<string, string>> {
  const byUpload = new Map<string, string[]>();
  for (const url of urls) {
    const upload = uploadNameOf(url);
    if (upload) byUpload.set(upload, [...(byUpload.get(upload) ?? []), url]);
  }
  if (byUpload.size === 0) return {};
  const rows = await db
    .selectFrom("media")
    .select(["upload", "alt_en", "alt_ar"])
    .where("upload", "in", [...byUpload.keys()])
    .execute();
  const alts: Record<string, string> = {};
  for (const row of rows) {
    const alt = (lang === "ar" ? row.alt_ar : row.alt_en).trim();
    if (alt) for (const url of byUpload.get(row.upload) ?? []) alts[url] = alt;
  }
  return alts;
}
