import type { DB } from "~server/db/db";

/**
 * The media library's query module (decision 153): other owners read `media` through these
 * functions. Imports no feature, so any feature may call it.
 */

/** The upload name of every image in the library (the daily clean-up keeps them until staff delete them here). */
export async function libraryUploads(db: DB): Promise<string[]> {
  return (await db.selectFrom("media").select("upload").execute()).map((row) => row.upload);
}
