import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
// s3rver ships no types; the little we use is typed in s3rver.d.ts.
import S3rver from "s3rver";

export interface S3StandIn {
  /** The S3_* variables that point the app at this bucket. */
  env: { S3_BUCKET: string; S3_ENDPOINT: string; S3_REGION: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  stop: () => Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1, keeping objects in a temporary folder, with one
 * empty bucket. Signatures are checked (s3rver's fixed key pair S3RVER/S3RVER), as a real bucket would.
 */
export async function startS3StandIn(bucket = "media"): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(tmpdir(), "stem-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as AddressInfo;
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
