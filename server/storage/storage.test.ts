import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { localStorage } from "./local-storage";

describe("media storage configuration", () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "stem-storage-")) };

  it("keeps uploads local by default, with a 10 MB limit", () => {
    const config = loadConfig(base);
    expect(config.s3).toBeUndefined();
    expect(config.maxUploadBytes).toBe(10 * 1024 * 1024);
  });

  it("uses the bucket when all five S3 settings are given", () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: "media",
      S3_ENDPOINT: "http://minio:9000/",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.s3).toMatchObject({ bucket: "media", endpoint: "http://minio:9000", publicUrl: "http://minio:9000/media" });
  });

  it("stops on half an S3 configuration or a bad size", () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: "media" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, S3_BUCKET: "media" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, MAX_UPLOAD_BYTES: "lots" })).toThrow(/MAX_UPLOAD_BYTES/);
  });

  it("writes local files only under their own generated names", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "stem-uploads-"));
    try {
      const storage = localStorage(dir);
      expect(await storage.put("abc123-320.webp", Buffer.from("x"), "image/webp")).toBe("/uploads/abc123-320.webp");
      expect(readFileSync(path.join(dir, "abc123-320.webp"), "utf8")).toBe("x");
      await expect(storage.put("../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/unsafe/);
      // Never overwrites an existing file.
      await expect(storage.put("abc123-320.webp", Buffer.from("y"), "image/webp")).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
