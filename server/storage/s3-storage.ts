import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "../config";
import type { MediaStorage } from "./storage";

/** Objects in an S3-compatible bucket (AWS, MinIO, R2...), addressed path-style. */
export function s3Storage(config: S3Config): MediaStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  return {
    async put(name, bytes, contentType) {
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
  };
}
