import type { DB } from "~server/db/db";
import type { ContentTables } from "~server/db/schema";
import type { MediaStorage } from "./storage";

const WEEK = 7 * 24 * 60 * 60 * 1000;
// Every stored copy is {24 hex}-{width}.webp; the 24 hex name one upload.
const UPLOAD_NAME = /^([a-f0-9]{24})-\d+\.webp$/;
const UPLOAD_IN_TEXT = /[a-f0-9]{24}(?=-\d+\.webp)/g;

// Every table staff content lives in. A Record, so adding a content table without listing it here
// fails to compile (its uploads would otherwise look unused and be deleted).
const CONTENT_TABLES: Record<keyof ContentTables, true> = {
  courses: true,
  teachers: true,
  testimonials: true,
  camps: true,
  products: true,
  blog_posts: true,
  site_settings: true,
};

/**
 * What the clean-up needs of the media feature, which owns `media` (decision 153): server/ may not
 * import features, so the job's starter (server/jobs/background-jobs.ts) hands it over from the
 * registry (server/features.ts).
 */
export interface MediaReads {
  /** The upload name of every image in the media library. */
  libraryUploads(db: DB): Promise<string[]>;
}

/**
 * The uploads some content row refers to (in any column: image fields, content blocks, settings),
 * and every upload of the media library: a library image is kept until staff delete it there.
 */
async function referencedUploads(db: DB, media: MediaReads): Promise<Set<string>> {
  const found = new Set(await media.libraryUploads(db));
  for (const table of Object.keys(CONTENT_TABLES) as (keyof ContentTables)[]) {
    const rows = await db.selectFrom(table).selectAll().execute();
    for (const match of JSON.stringify(rows).matchAll(UPLOAD_IN_TEXT)) found.add(match[0]);
  }
  return found;
}

/**
 * The daily clean-up of uploads: an upload no content refers to is noted; once a week has passed
 * without a reference (a replaced image may still sit in a cache or an open editor), every copy of
 * it is removed from storage. Uploads younger than a week are never touched (an editor may be
 * about to save the record that uses them). Returns the removed uploads' names.
 */
export async function removeUnreferencedUploads(db: DB, storage: MediaStorage, media: MediaReads, now = new Date()): Promise<string[]> {
  const referenced = await referencedUploads(db, media);
  const copies = new Map<string, { names: string[]; newest: number }>();
  for (const object of await storage.list()) {
    const upload = UPLOAD_NAME.exec(object.name)?.[1];
    if (!upload) continue;
    const entry = copies.get(upload) ?? { names: [], newest: 0 };
    entry.names.push(object.name);
    entry.newest = Math.max(entry.newest, object.lastModified.getTime());
    copies.set(upload, entry);
  }
  const noted = new Map((await db.selectFrom("unreferenced_uploads").selectAll().execute()).map((row) => [row.upload, Date.parse(row.since)]));
  const removed: string[] = [];
  for (const [upload, { names, newest }] of copies) {
    const since = noted.get(upload);
    noted.delete(upload);
    if (referenced.has(upload) || now.getTime() - newest < WEEK) {
      if (since !== undefined) await db.deleteFrom("unreferenced_uploads").where("upload", "=", upload).execute();
    } else if (since === undefined) {
      await db.insertInto("unreferenced_uploads").values({ upload, since: now.toISOString() }).execute();
    } else if (now.getTime() - since >= WEEK) {
      await storage.remove(names);
      await db.deleteFrom("unreferenced_uploads").where("upload", "=", upload).execute();
      removed.push(upload);
    }
  }
  // Notes about uploads that are gone from storage.
  for (const upload of noted.keys()) await db.deleteFrom("unreferenced_uploads").where("upload", "=", upload).execute();
  return removed;
}
