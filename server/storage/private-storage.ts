import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "~server/config";
import { loadS3 } from "~server/lazy/heavy-modules";
import { localStorage } from "./local-storage";
import { s3Client, s3Storage } from "./s3-storage";
import { SAFE_NAME, type MediaStorage } from "./storage";

/**
 * Where children's portfolio photos live (decision 135): the same MediaStorage the media pipeline
 * writes (storeImage: format check, sizes, metadata stripped), but never at a public address. On
 * disk a folder beside the database that nothing serves (`$DATA_DIR/portfolio`); in a bucket, the
 * same bucket under names starting `portfolio-` (the uploads' clean-up only knows 24-hex names and
 * leaves them alone). Either way the bytes are read back by the server and sent only through
 * GET /api/portfolio/photos/:id, which asks who may see the photo on every request.
 */
export interface PrivateStorage extends MediaStorage {
  /** The stored bytes of `name` (as `put` was given it), or undefined when it is not stored. */
  read(name: string): Promise<Buffer | undefined>;
}

export const portfolioStorage = (config: Pick<Config, "dataDir" | "s3">): PrivateStorage => privateStorage(config, "portfolio");

/** Collectors' photos shown at pickup (decision 142): the same private store, in its own folder and prefix. */
export const pickupPhotoStorage = (config: Pick<Config, "dataDir" | "s3">): PrivateStorage => privateStorage(config, "pickup");

function privateStorage(config: Pick<Config, "dataDir" | "s3">, area: "portfolio" | "pickup"): PrivateStorage {
  const PREFIX = `${area}-`;
  const checked = (name: string) => {
    if (!SAFE_NAME.test(name)) throw new Error(`unsafe upload name: ${name}`);
    return name;
  };
  if (!config.s3) {
    const dir = path.join(config.dataDir, area);
    const files = localStorage(dir);
    return {
      ...files,
      async read(name) {
        return readFile(path.join(dir, checked(name))).catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return undefined;
          throw error;
        });
      },
    };
  }
  const s3 = config.s3;
  const bucket = s3Storage(s3);
  return {
    put: (name, bytes, type) => bucket.put(PREFIX + checked(name), bytes, type),
    list: async (prefix = "") => (await bucket.list(PREFIX + prefix)).map((object) => ({ ...object, name: object.name.slice(PREFIX.length) })),
    remove: (names) => bucket.remove(names.map((name) => PREFIX + checked(name))),
    async read(name) {
      const [client, sdk] = await Promise.all([s3Client(s3), loadS3()]);
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: s3.bucket, Key: PREFIX + checked(name) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return undefined;
        throw error;
      }
    },
  };
}
