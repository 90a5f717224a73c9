import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentBuild } from "~server/test/document-build";
import { startTestServer, type TestServer } from "~server/test/harness";

/** One answer as a client with that Accept-Encoding gets it, decoded by the encoding it names. */
function fetchAs(base: string, path: string, acceptEncoding: string) {
  return new Promise<{ cache: string | undefined; encoding: string | undefined; html: string }>((resolve, reject) => {
    request(base + path, { headers: { "accept-encoding": acceptEncoding, accept: "text/html" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
        resolve({ cache: res.headers["x-page-cache"] as string | undefined, encoding, html: body.toString("utf8") });
      });
    })
      .on("error", reject)
      .end();
  });
}

// Issue 25: the request that found its entry expired was answered from that entry, compressed,
// and the capture stored those bytes as the new page: from the first expiry on, every visitor got
// compressed bytes compressed again. Here the whole app runs (helmet, compression, capture,
// sessions, React Router's handler) with a one-second cache, through several expiries.
describe("the page cache through several expiries, over the real app", () => {
  let server: TestServer;
  const doc = documentBuild();

  beforeAll(async () => {
    server = await startTestServer({ PAGE_CACHE_SECONDS: "1" }, { pages: { build: doc.build } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers every client, browser-like, gzip-only or plain, with the page's own HTML; it renders afresh after each expiry", async () => {
    const clients = ["br, gzip", "gzip", "identity"];
    const seen = { hit: 0, miss: 0 };
    const rendersBefore = doc.renders();
    for (let round = 0; round < 4; round++) {
      for (let ask = 0; ask < 4; ask++) {
        for (const client of clients) {
          const answer = await fetchAs(server.url, "/ar/courses", client);
          // The exact document of some render: never bytes of another encoding read as text.
          const render = Number(/data-render="(\d+)"/.exec(answer.html)?.[1]);
          expect(answer.html, `round ${round}, ${client}, ${answer.cache}`).toBe(doc.page(render, "/ar/courses"));
          expect(answer.encoding).toBe(client === "identity" ? undefined : client.startsWith("br") ? "br" : "gzip");
          if (answer.cache === "hit") seen.hit += 1;
          else seen.miss += 1;
        }
        // Compression runs in the background; let it finish before the next ask.
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    }
    // The cache served, and each expiry was rendered again rather than served from the old copy.
    expect(seen.hit).toBeGreaterThan(seen.miss);
    expect(doc.renders() - rendersBefore).toBeGreaterThanOrEqual(5);
  });
});
