import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "~server/config";
import { loadS3 } from "~server/lazy/heavy-modules";
import { SAFE_NAME, type MediaStorage, type StoredObject } from "./storage";

/** The client the app uses for its bucket: path-style addressing at the configured endpoint. */
export async function s3Client(config: S3Config): Promise<S3Client> {
  const { S3Client } = await loadS3();
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
}

/** Objects in an S3-compatible bucket (AWS, MinIO, R2...), addressed path-style. */
export function s3Storage(config: S3Config, options: { listPageSize?: number } = {}): MediaStorage {
  // The SDK is loaded and the client made on the first call, not when the storage is chosen at start.
  let made: Promise<{ client: S3Client; sdk: Awaited<ReturnType<typeof loadS3>> }> | undefined;
  const s3 = () => (made ??= Promise.all([s3Client(config), loadS3()]).then(([client, sdk]) => ({ client, sdk })));
  return {
    async put(name, bytes, contentType) {
      if (!SAFE_NAME.test(name)) throw new Error(`unsafe upload name: ${name}`);
      const { client, sdk } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: name,
          Body: bytes,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
      return `${config.publicUrl}/${name}`;
    },
    async list(prefix = "") {
      const objects: StoredObject[] = [];
      let after: string | undefined;
      const { client, sdk } = await s3();
      // One page holds at most 1000 keys. ListObjects (v1) with Marker = the last key seen: AWS, MinIO
      // and R2 all serve it, while s3rver cannot answer a truncated ListObjectsV2 (its continuation
      // tokens need DES, which OpenSSL 3 no longer offers). Bounded: each page must move past the last.
      for (;;) {
        const page = await client.send(
          new sdk.ListObjectsCommand({ Bucket: config.bucket, Prefix: prefix || undefined, Marker: after, MaxKeys: options.listPageSize }),
        );
        const keys = (page.Contents ?? []).filter((item) => item.Key && (after === undefined || item.Key > after));
        for (const item of keys) {
          objects.push({ name: item.Key!, url: `${config.publicUrl}/${item.Key}`, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) });
        }
        if (!page.IsTruncated || keys.length === 0) break;
        after = keys.at(-1)!.Key;
      }
      return objects.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    async remove(names) {
      const { client, sdk } = await s3();
      // One DELETE per object: DeleteObjects needs a body checksum that S3-compatible servers disagree on.
      for (const name of names) {
        if (!SAFE_NAME.test(name)) throw new Error(`unsafe upload name: ${name}`);
        await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: name }));
      }
    },
  };
}
