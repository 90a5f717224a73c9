import type { Config } from "../config";
import { localStorage } from "./local-storage";
import { s3Storage } from "./s3-storage";

/** Where uploaded media lives: one small interface, a local folder or an S3-compatible bucket. */
export interface MediaStorage {
  /** Stores the bytes under `name` (a fresh random file name) and returns the public URL. */
  put(name: string, bytes: Buffer, contentType: string): Promise<string>;
}

export function createMediaStorage(config: Config): MediaStorage {
  return config.s3 ? s3Storage(config.s3) : localStorage(config.uploadsDir);
}
