import { DeleteObjectCommand, ListObjectsCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "~server/config";
import { SAFE_NAME, type MediaStorage, type StoredObject } from "./storage";

/** The client the app uses for its bucket: path-style addressing at the configured endpoint. */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
}

/** Objects in an S3-compatible bucket (AWS, MinIO, R2...), addressed path-style. */
export function s3Storage(config: S3Config, options: { listPageSize?: number } = {}): MediaStorage {
  const client = s3Client(config);
  return {
    async put(name, bytes, contentType) {
      if (!SAFE_NAME.test(name)) throw new Error(`unsafe upload name: ${name}`);
      await client.send(
        new PutObjectCommand({
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
      // One page holds at most 1000 keys. ListObjects (v1) with Marker = the last key seen: AWS, MinIO
      // and R2 all serve it, while s3rver cannot answer a truncated ListObjectsV2 (its continuation
      // tokens need DES, which OpenSSL 3 no longer offers). Bounded: each page must move past the last.
      for (;;) {
        const page = await client.send(
          new ListObjectsCommand({ Bucket: config.bucket, Prefix: prefix || undefined, Marker: after, MaxKeys: options.listPageSize }),
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
      // One DELETE per object: DeleteObjects needs a body checksum that S3-compatible servers disagree on.
      for (const name of names) {
        if (!SAFE_NAME.test(name)) throw new Error(`unsafe upload name: ${name}`);
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: name }));
      }
    },
  };
}
