import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~server/config";
import sharp from "sharp";
import { deleteImage, storeImage } from "./images";
import { localStorage } from "./local-storage";
import { fileClockNow } from "~server/test/file-clock";

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

  it("lists local uploads with size and time, removes them by name, and deletes every width of an image", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "stem-uploads-"));
    try {
      const storage = localStorage(path.join(dir, "uploads"));
      // Before the first upload the folder does not exist: nothing stored.
      expect(await storage.list()).toEqual([]);
      const id = "0123456789abcdef01234567";
      for (const width of [320, 640, 900]) await storage.put(`${id}-${width}.webp`, Buffer.alloc(width), "image/webp");
      await storage.put("fedcba9876543210fedcba98-320.webp", Buffer.from("other"), "image/webp");
      const all = await storage.list();
      expect(all.map((o) => [o.name, o.url, o.size])).toEqual([
        [`${id}-320.webp`, `/uploads/${id}-320.webp`, 320],
        [`${id}-640.webp`, `/uploads/${id}-640.webp`, 640],
        [`${id}-900.webp`, `/uploads/${id}-900.webp`, 900],
        ["fedcba9876543210fedcba98-320.webp", "/uploads/fedcba9876543210fedcba98-320.webp", 5],
      ]);
      expect(Math.abs(fileClockNow() - all[0]!.lastModified.getTime())).toBeLessThan(10 * 60_000);
      expect((await storage.list("fedcba")).map((o) => o.name)).toEqual(["fedcba9876543210fedcba98-320.webp"]);

      expect(await deleteImage(storage, `/uploads/${id}-900.webp`)).toEqual([`${id}-320.webp`, `${id}-640.webp`, `${id}-900.webp`]);
      expect((await storage.list()).map((o) => o.name)).toEqual(["fedcba9876543210fedcba98-320.webp"]);
      expect(await deleteImage(storage, "/images/logo.webp")).toEqual([]);
      // Removing a name that is gone is not an error; a path is refused.
      await storage.remove(["fedcba9876543210fedcba98-320.webp", "fedcba9876543210fedcba98-640.webp"]);
      expect(await storage.list()).toEqual([]);
      await expect(storage.remove(["../app.db"])).rejects.toThrow(/unsafe/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("removes the copies already stored when a later one fails, so a failed upload leaves nothing", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "stem-uploads-"));
    try {
      const local = localStorage(dir);
      let puts = 0;
      // The store fails on the second copy (the 640 wide one), as a bucket that goes down would.
      const failing = {
        ...local,
        put: (name: string, bytes: Buffer, type: string) => (++puts === 2 ? Promise.reject(new Error("bucket down")) : local.put(name, bytes, type)),
      };
      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 1, g: 2, b: 3 } } })
        .png()
        .toBuffer();
      await expect(storeImage(failing, photo)).rejects.toThrow("bucket down");
      expect(puts).toBe(2);
      expect(await local.list()).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
