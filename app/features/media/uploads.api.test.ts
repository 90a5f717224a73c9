import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";

/** A photo-like JPEG carrying EXIF (camera make, orientation 6 = turned a quarter). */
async function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "SpyCam", Model: "Secret-GPS-1" } })
    .toBuffer();
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

describe("POST /api/admin/uploads", () => {
  let server: TestServer;
  let admin: { cookie: string };
  beforeAll(async () => {
    server = await startTestServer({ MAX_UPLOAD_BYTES: "200000" });
    admin = await server.signIn("admin");
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = async (bytes: Buffer | string, name: string, options: { cookie?: string; field?: string } = {}) => {
    const form = new FormData();
    form.append(options.field ?? "file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.url}/api/admin/uploads`, {
      method: "POST",
      body: form,
      headers: { ...(options.cookie !== undefined ? { cookie: options.cookie } : { cookie: admin.cookie }), origin: server.url },
    });
    return { status: response.status, body: await response.json() };
  };
  const uploaded = () => (existsSync(server.config.uploadsDir) ? readdirSync(server.config.uploadsDir) : []);

  it("accepts a real PNG and stores WebP copies at responsive widths, served with long caching", async () => {
    const res = await send(await png(900, 600), "diagram.png");
    expect(res.status).toBe(201);
    // 320 and 640 wide copies, plus the full 900 (under the 1280 cap).
    expect(res.body).toMatchObject({ width: 900, height: 600 });
    expect(res.body.url).toMatch(/^\/uploads\/[a-f0-9]{24}-900\.webp$/);
    expect(res.body.srcset).toMatch(/^\/uploads\/([a-f0-9]{24})-320\.webp 320w, \/uploads\/\1-640\.webp 640w, \/uploads\/\1-900\.webp 900w$/);
    const file = await fetch(server.url + res.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(900);
    const wide = await send(await png(2000, 1000), "wide.png");
    expect(wide.body).toMatchObject({ width: 1280, height: 640 });
    expect(wide.body.srcset.split(", ").map((s: string) => s.split(" ")[1])).toEqual(["320w", "640w", "1280w"]);
  });

  it("never scales a small image up", async () => {
    const res = await send(await png(120, 80), "small.png");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 120, height: 80 });
    expect(res.body.srcset).toMatch(/-120\.webp 120w$/);
  });

  it("re-encodes a JPEG without its EXIF data, turned upright", async () => {
    const res = await send(await jpegWithExif(400, 200), "holiday.jpg");
    expect(res.status).toBe(201);
    // Orientation 6: the stored image is upright, so portrait.
    expect(res.body).toMatchObject({ width: 200, height: 400 });
    const bytes = Buffer.from(await (await fetch(server.url + res.body.url)).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("SpyCam"))).toBe(false);
  });

  it("refuses a text file named .png with 400 and stores nothing", async () => {
    const before = uploaded().length;
    const res = await send("<?php system($_GET['x']); ?>", "shell.png");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not a JPEG, PNG, WebP, GIF or AVIF/);
    expect(uploaded().length).toBe(before);
  });

  it("refuses an SVG (scriptable) even though it is an image", async () => {
    const res = await send('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>', "logo.svg");
    expect(res.status).toBe(400);
  });

  it("answers 413 above MAX_UPLOAD_BYTES", async () => {
    const before = uploaded().length;
    const res = await send(Buffer.alloc(300_000, 1), "huge.png");
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
    expect(uploaded().length).toBe(before);
  });

  it("ignores the client's file name, even one that tries to leave the folder", async () => {
    const res = await send(await png(50, 50), "../../../etc/evil.png");
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/[a-f0-9]{24}-50\.webp$/);
    expect(existsSync(path.join(server.config.uploadsDir, "..", "..", "..", "etc", "evil.png"))).toBe(false);
    expect(uploaded().every((name) => /^[a-f0-9]{24}-\d+\.webp$/.test(name))).toBe(true);
  });

  it("refuses a missing file, a wrong field name and a JSON body", async () => {
    expect((await send(await png(10, 10), "a.png", { field: "image" })).status).toBe(400);
    const json = await server.request("POST", "/api/admin/uploads", { json: { file: "x" }, headers: { cookie: admin.cookie, origin: server.url } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBeTruthy();
  });

  it("is for staff only", async () => {
    const anonymous = await send(await png(10, 10), "a.png", { cookie: "" });
    expect(anonymous.status).toBe(401);
    const user = await server.signIn("user");
    const parent = await send(await png(10, 10), "a.png", { cookie: user.cookie });
    expect(parent.status).toBe(403);
  });

  it("serves no directory listing and no path outside the uploads folder", async () => {
    for (const p of ["/uploads/", "/uploads", "/uploads/..%2f..%2fapp.db", "/uploads/%2e%2e/app.db", "/uploads/../session-secret", "/uploads/nope.webp"]) {
      const res = await fetch(server.url + p);
      expect(res.status, p).toBe(404);
      const text = await res.text();
      expect(text).not.toContain("SQLite");
    }
  });
});
