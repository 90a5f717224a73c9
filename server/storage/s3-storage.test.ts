import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { startS3StandIn, type S3StandIn } from "~server/test/s3-stand-in";
import { deleteImage } from "./images";
import { s3Client, s3Storage } from "./s3-storage";
import { createMediaStorage } from "./storage";
import { fileClockNow } from "~server/test/file-clock";

const png = (width: number, height: number, r = 10) =>
  sharp({ create: { width, height, channels: 4, background: { r, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

/** A stand-in CDN in front of the bucket (what S3_PUBLIC_URL is for): /cdn/{name} → the object. */
async function startCdn(origin: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(`${origin}/${(req.url ?? "").replace(/^\/cdn\//, "")}`);
      res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/octet-stream" });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    })().catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cdn`, server };
}

describe("uploads in a real S3-compatible bucket (s3rver)", () => {
  let s3: S3StandIn;
  let server: TestServer;
  let headers: Record<string, string>;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    server = await startTestServer(s3.env);
    const admin = await server.signIn("admin");
    headers = { cookie: admin.cookie, origin: server.url };
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
  });

  const upload = async (target: TestServer, bytes: Buffer, cookieHeaders = headers) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), "photo.png");
    const response = await fetch(`${target.url}/api/admin/uploads`, { method: "POST", body: form, headers: cookieHeaders });
    return { status: response.status, body: await response.json() };
  };
  const bucketUrl = () => `${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}`;
  const storage = () => createMediaStorage(server.config);

  it("stores every width in the bucket and serves each at its public URL as WebP with long caching", async () => {
    const res = await upload(server, await png(900, 600));
    expect(res.status).toBe(201);
    const base = new RegExp(`^${bucketUrl().replace(/[.:/]/g, "\\$&")}/([a-f0-9]{24})-900\\.webp$`);
    expect(res.body.url).toMatch(base);
    const id = base.exec(res.body.url)![1];
    expect(res.body.srcset).toBe(`${bucketUrl()}/${id}-320.webp 320w, ${bucketUrl()}/${id}-640.webp 640w, ${bucketUrl()}/${id}-900.webp 900w`);

    // In the bucket, as the S3 API reports it.
    const head = await (await s3Client(server.config.s3!)).send(new HeadObjectCommand({ Bucket: s3.env.S3_BUCKET, Key: `${id}-640.webp` }));
    expect(head.ContentType).toBe("image/webp");
    expect(head.CacheControl).toBe("public, max-age=31536000, immutable");

    // What a browser gets from the public URL (no credentials).
    for (const width of [320, 640, 900]) {
      const file = await fetch(`${bucketUrl()}/${id}-${width}.webp`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: "webp", width });
    }
    expect((await storage().list(`${id}-`)).map((o) => o.name)).toEqual([`${id}-320.webp`, `${id}-640.webp`, `${id}-900.webp`]);
    // Pages may show them: the content security policy names the bucket's origin (plain http here).
    const csp = (await fetch(`${server.url}/healthz`)).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.env.S3_ENDPOINT.replace(/[.:/]/g, "\\$&")}`));
  });

  it("answers with S3_PUBLIC_URL (a CDN in front of the bucket), which serves the same bytes", async () => {
    const cdn = await startCdn(bucketUrl());
    const viaCdn = await startTestServer({ ...s3.env, S3_PUBLIC_URL: `${cdn.url}/` });
    try {
      const admin = await viaCdn.signIn("admin");
      const res = await upload(viaCdn, await png(200, 100), { cookie: admin.cookie, origin: viaCdn.url });
      expect(res.status).toBe(201);
      expect(res.body.url).toMatch(new RegExp(`^${cdn.url.replace(/[.:/]/g, "\\$&")}/[a-f0-9]{24}-200\\.webp$`));
      const file = await fetch(res.body.url);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(200);
    } finally {
      await viaCdn.close();
      await new Promise((resolve) => cdn.server.close(resolve));
    }
  });

  it("replaces a record's image with a new upload: the record shows the new URL, which serves the new picture", async () => {
    const first = await upload(server, await png(300, 300, 250));
    const product = { nameEn: "Circuit Kit", nameAr: "دوائر", descriptionEn: "A kit.", descriptionAr: "مجموعة.", price: 20, imageUrl: first.body.url, sort: 3 };
    const created = await server.request("POST", "/api/admin/products", { json: product, headers });
    expect(created.status).toBe(201);
    const second = await upload(server, await png(400, 200, 5));
    expect(second.body.url).not.toBe(first.body.url);
    expect((await server.request("PUT", `/api/admin/products/${created.body.id}`, { json: { ...product, imageUrl: second.body.url }, headers })).status).toBe(
      200,
    );
    const shown = await server.request("GET", `/api/admin/products/${created.body.id}`, { headers });
    expect(shown.body.product.imageUrl).toBe(second.body.url);
    const file = await fetch(shown.body.product.imageUrl);
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 200 });
    // The old copies stay in the bucket (a draft or another record may still show them) until the
    // orphan-upload cleanup finds them unreferenced through list().
    expect((await fetch(first.body.url)).status).toBe(200);
    expect((await storage().list()).map((o) => o.url)).toContain(first.body.url);
  });

  it("deletes every stored copy of an image, and nothing else", async () => {
    const keep = await upload(server, await png(700, 350));
    const gone = await upload(server, await png(1500, 900));
    expect(gone.body.srcset.split(", ")).toHaveLength(3);
    const before = (await storage().list()).length;

    const removed = await deleteImage(storage(), gone.body.url);
    expect(removed).toHaveLength(3);
    for (const entry of gone.body.srcset.split(", ")) {
      expect((await fetch(entry.split(" ")[0])).status).toBe(404);
    }
    expect((await storage().list()).length).toBe(before - 3);
    expect((await fetch(keep.body.url)).status).toBe(200);
    // Not one of our uploads, or already gone: nothing to remove.
    expect(await deleteImage(storage(), gone.body.url)).toEqual([]);
    expect(await deleteImage(storage(), "https://example.com/picture.webp")).toEqual([]);
  });

  it("lists every object across pages, with size and time, and removes by name", async () => {
    const paged = s3Storage(server.config.s3!, { listPageSize: 2 });
    const all = await paged.list();
    // Five objects at least by now: more than two pages of two.
    expect(all.length).toBeGreaterThan(4);
    expect(all).toEqual(await storage().list());
    expect(new Set(all.map((o) => o.name)).size).toBe(all.length);
    for (const object of all) {
      expect(object.url).toBe(`${bucketUrl()}/${object.name}`);
      expect(object.size).toBeGreaterThan(0);
      expect(Math.abs(fileClockNow() - object.lastModified.getTime())).toBeLessThan(10 * 60_000);
    }
    await paged.remove([all[0]!.name, "ffffffffffffffffffffffff-1.webp"]);
    expect((await paged.list()).map((o) => o.name)).toEqual(all.slice(1).map((o) => o.name));
    await expect(paged.remove(["../outside.webp"])).rejects.toThrow(/unsafe/);
  });

  it("answers 500 JSON when the bucket refuses the upload or is down, and logs the cause without the secret", async () => {
    // A port nobody listens on: the S3 server is down.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const downEndpoint = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    for (const [env, cause] of [
      [{ S3_BUCKET: "no-such-bucket" }, /NoSuchBucket/],
      [{ S3_ENDPOINT: downEndpoint }, /ECONNREFUSED/],
    ] as const) {
      const lines: string[] = [];
      const broken = await startTestServer({ ...s3.env, ...env }, { log: { write: (line: string) => void lines.push(line) } });
      try {
        const admin = await broken.signIn("admin");
        const res = await upload(broken, await png(100, 100), { cookie: admin.cookie, origin: broken.url });
        expect(res.status).toBe(500);
        expect(res.body).toEqual({ message: "Something went wrong on our side. Please try again later." });
        const log = lines.join("");
        expect(log).toMatch(cause);
        // Neither the key id nor the secret (both "S3RVER" here) reaches the log.
        expect(log).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
      } finally {
        await broken.close();
      }
    }
  });
});
