import { createHash, randomBytes } from "node:crypto";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "~server/audit/audit";
import { loadSession } from "~server/security/session";
import { startTestServer, type TestServer } from "~server/test/harness";
import { pageCache } from "./page-cache";

// A stand-in for the app around the cache, in the real order: the cookieless hit first (before
// Express when the content version is known, as server/app.ts's requestListener does), then the
// per-response nonce and its CSP (as helmet sets it), the capture, the real session loader, the
// hit for anonymous cookies, and a renderer whose every render is numbered, carries the nonce
// and names the signed-in account, as the real navbar does.
function standInApp(server: TestServer, counter: { renders: number }) {
  const app = express();
  const cache = pageCache(server.db, 30);
  // Compression runs in the background: a request waits until what came before it is stored.
  app.use((_req, _res, next) => void cache.stored().then(() => next()));
  app.use(cache.serveCookieless);
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("content-security-policy", `default-src 'self';script-src 'self' 'nonce-${res.locals.cspNonce}';object-src 'none'`);
    next();
  });
  app.use(cache.capture);
  app.use(loadSession({ db: server.db, config: server.config }));
  app.use(cache.serveAnonymous);
  app.get("/api/blogs", (req, res) => {
    counter.renders += 1;
    res.setHeader("x-total-count", "1");
    res.json({ lang: req.acceptsLanguages("en", "ar") || "en", render: counter.renders });
  });
  // A staff change as every admin endpoint makes one: an audit entry in the write's transaction.
  app.post("/api/admin/change", async (_req, res) => {
    await recordAudit(server.db, { userId: null, action: "update", entity: "product", entityId: 1 });
    res.json({ ok: true });
  });
  app.post("/{*path}", (_req, res) => {
    counter.renders += 1;
    res.status(200).type("html").send(`<html><p>refused form, render ${counter.renders}</p></html>`);
  });
  app.get("/{*path}", (req, res) => {
    counter.renders += 1;
    if (req.path === "/enroll/confirmed") {
      res.setHeader("cache-control", "private, no-store");
      res.type("html").send(`<p>your enrollment ${String(req.query.ref)}, render ${counter.renders}</p>`);
      return;
    }
    if (req.path === "/missing") {
      res.status(404).type("html").send("<p>404</p>");
      return;
    }
    const who = res.locals.user ? `signed in as ${res.locals.user.email}` : "anonymous";
    const nonce = String(res.locals.cspNonce);
    res
      .type("html")
      .send(
        `<html><script nonce="${nonce}">window.render = ${counter.renders}</script>` +
          `<script type="application/ld+json" nonce="${nonce}">{"@type":"Course"}</script>` +
          `<script type="module" src="/assets/entry.js" nonce="${nonce}"></script>` +
          `<script nonce="${nonce}">window.ctx = {"nonce":"${nonce}"}</script><p>${who}</p></html>`,
      );
  });
  return { app, cache };
}

async function listen({ app, cache }: { app: express.Express; cache: ReturnType<typeof pageCache> }) {
  const beforeExpress: (string | undefined)[] = [];
  const listener = createServer((req, res) => {
    if (!cache.answerCookieless(req, res, (route) => beforeExpress.push(route))) app(req, res);
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => listener.once("listening", resolve));
  return { url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`, close: () => listener.close(), beforeExpress };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

describe("page cache for anonymous visitors", () => {
  let server: TestServer;
  let url = "";
  const counter = { renders: 0 };
  let close = () => {};
  let beforeExpress: (string | undefined)[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    ({ url, close, beforeExpress } = await listen(standInApp(server, counter)));
  });
  afterAll(async () => {
    close();
    await server?.close();
  });

  const get = async (path: string, headers: Record<string, string> = {}, base = url) => {
    const res = await fetch(base + path, { headers });
    return {
      status: res.status,
      body: await res.text(),
      cache: res.headers.get("x-page-cache"),
      csp: res.headers.get("content-security-policy") ?? "",
      etag: res.headers.get("etag"),
    };
  };
  /** Asks twice: the second render is stored. */
  const warm = async (path: string, headers: Record<string, string> = {}) => {
    await get(path, headers);
    return get(path, headers);
  };
  /** The raw bytes as sent (fetch would decode them), with the encoding the server chose. */
  const raw = (path: string, acceptEncoding: string) =>
    new Promise<{ encoding: string | null; length: number; body: Buffer }>((resolve, reject) => {
      request(url + path, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ encoding: res.headers["content-encoding"] ?? null, length: Number(res.headers["content-length"]), body: Buffer.concat(chunks) }),
        );
      })
        .on("error", reject)
        .end();
    });

  it("stores the second render of a page, then gives every anonymous visitor the same bytes under a CSP of script hashes", async () => {
    const asked = await get("/courses");
    const first = await get("/courses");
    const second = await get("/courses");
    const third = await get("/courses");
    // Asked once, nothing is kept (a URL nobody asks for again costs no compression).
    expect([asked.cache, first.cache]).toEqual(["miss", "miss"]);
    expect([second.cache, third.cache]).toEqual(["hit", "hit"]);
    expect(third.body).toBe(second.body);
    expect(third.csp).toBe(second.csp);
    expect(second.body).toContain("window.render = 2");
    // No nonce survives: neither as an attribute, nor in the data, nor in the policy.
    const firstNonce = /'nonce-([^']+)'/.exec(first.csp)![1]!;
    expect(first.body).toContain(`nonce="${firstNonce}"`);
    expect(second.body).not.toContain(firstNonce);
    expect(second.body).not.toContain("nonce=");
    expect(second.body).toContain(`window.ctx = {"nonce":""}`);
    expect(second.csp).not.toContain("nonce-");
    // Exactly the two runnable inline scripts are allowed, by the hash of their text.
    const inline = [...second.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(2);
    const allowed = [...second.csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
    expect(allowed.sort()).toEqual(inline.map(sha256).sort());
    expect(second.csp).toBe(`default-src 'self';script-src 'self' ${inline.map((s) => `'sha256-${sha256(s)}'`).join(" ")};object-src 'none'`);
    expect(counter.renders).toBe(2);
  });

  it("sends the stored brotli or gzip bytes, or the plain ones, all decoding to the same page", async () => {
    await warm("/summer-camp");
    const plain = await raw("/summer-camp", "identity");
    const br = await raw("/summer-camp", "gzip, deflate, br");
    const gz = await raw("/summer-camp", "gzip, br;q=0");
    expect([plain.encoding, br.encoding, gz.encoding]).toEqual([null, "br", "gzip"]);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.length).toBe(br.body.length);
    // The same compressed bytes for the next visitor: compressed once, not per request.
    expect((await raw("/summer-camp", "br")).body.equals(br.body)).toBe(true);
  });

  it("answers 304 to a matching If-None-Match, and the page to any other", async () => {
    await warm("/blog");
    const page = await get("/blog");
    expect(page.etag).toMatch(/^W\/".+"$/);
    for (const tag of [page.etag!, page.etag!.slice(2), `"other", ${page.etag}`]) {
      const res = await fetch(`${url}/blog`, { headers: { "if-none-match": tag } });
      expect(res.status, tag).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("etag")).toBe(page.etag);
    }
    const other = await fetch(`${url}/blog`, { headers: { "if-none-match": `W/"not-this-one"` } });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(page.body);
  });

  it("keys on the path and the query parameters pages read, in any order", async () => {
    await warm("/courses?age=6-12");
    expect((await get("/courses?age=6-18")).cache).toBe("miss");
    expect((await get("/courses?age=6-12")).cache).toBe("hit");
    // A notice after a form post is the same for everyone: cached like the page.
    await warm("/contact-us?notice=sent&page=2");
    expect((await get("/contact-us?page=2&notice=sent")).cache).toBe("hit");
    // A campaign's tracking tags get the cached page; they never make an entry of their own.
    expect((await get("/courses?utm_source=mail&age=6-12&fbclid=x")).cache).toBe("hit");
    await warm("/stem-camp?utm_source=mail");
    expect((await get("/stem-camp?utm_source=mail")).cache).toBe("miss");
    expect((await get("/stem-camp")).cache).toBe("miss");
  });

  it("never makes an entry for an unknown, repeated or oversized query parameter, nor spends compression on it", async () => {
    const before = counter.renders;
    for (const path of ["/blog?k=1", "/blog?page=2&page=3", `/blog?page=${"9".repeat(300)}`, `/${"x".repeat(400)}`, "/blog?%zz=1"]) {
      const answers = [await get(path), await get(path), await get(path)];
      expect(
        answers.map((answer) => answer.cache),
        path,
      ).toEqual([null, null, null]);
    }
    expect(counter.renders - before).toBe(15);
  });

  it("never stores a page rendered for a POST (a refused form) nor serves one to it", async () => {
    await get("/school");
    const post = await fetch(`${url}/school`, { method: "POST", body: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(post.headers.get("x-page-cache")).toBeNull();
    expect(await post.text()).toContain("refused form");
    const fresh = await fetch(`${url}/enroll`, { method: "POST", body: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(await fresh.text()).toContain("refused form");
    const after = await get("/enroll");
    expect(after.cache).toBe("miss");
    expect(after.body).not.toContain("refused form");
  });

  it("never serves signed-in visitors, private pages or failures from the cache", async () => {
    await warm("/blog");
    const parent = await server.signIn("user");
    expect((await get("/blog", { cookie: parent.cookie })).cache).toBeNull();
    const privatePaths = [
      "/admin",
      "/ar/admin/blogs",
      "/login",
      "/courses/robotics/bookdemoclass",
      "/booking/cancel",
      "/blog-preview?token=1.2.x",
      "/ar/blog-preview.data?token=1.2.x",
    ];
    // Spellings the router reads as the same private pages (issue 25): case, .data, encoding, slashes.
    privatePaths.push(
      "/courses/robotics/bookdemoclass.data",
      "/courses/robotics/BookDemoClass",
      "/ar/courses/robotics/BOOKDEMOCLASS.data",
      "/courses/robotics/bookdemocl%61ss",
      "/ADMIN/users",
      "//admin",
      "/Booking/Reschedule?token=x",
      "/account",
    );
    for (const path of privatePaths) {
      await warm(path);
      expect((await get(path)).cache, path).toBeNull();
    }
    await warm("/missing");
    expect((await get("/missing")).cache).toBe("miss");
    await warm("/enroll/confirmed");
    const confirmation = await get("/enroll/confirmed");
    expect(confirmation.cache).toBe("miss");
    expect(confirmation.body).toContain(`render ${counter.renders}`);
    await warm("/");
    expect((await get("/", { cookie: "lang=ar" })).cache).toBeNull();
  });

  it("never stores or serves a signed-in page, however the session cookie is spelled (issue 11)", async () => {
    const parent = await server.signIn("user");
    const token = parent.cookie.split("=").slice(1).join("=");
    const spellings = [
      `sid =${token}`,
      ` sid=${token}`,
      `a=b;sid=${token}`,
      `a=b ;  sid=${token}`,
      `sid\t=${token}`,
      `lang=en; sid=${token}; x=1`,
      `SID=x; sid=${token}`,
    ];
    for (const [i, cookie] of spellings.entries()) {
      // The anonymous page is already cached: the signed-in visitor must still get their own.
      const path = `/courses?page=${i + 100}`;
      await get(path);
      expect((await get(path)).body).toContain("anonymous");
      const signedIn = await get(path, { cookie });
      expect(signedIn.body, cookie).toContain(`signed in as ${parent.user.email}`);
      expect(signedIn.cache, cookie).toBeNull();
      // And what was rendered for them is never stored.
      const other = `/camp?page=${i + 100}`;
      await get(other, { cookie });
      await get(other, { cookie });
      const visitor = await get(other);
      expect(visitor.cache, cookie).toBe("miss");
      expect(visitor.body).toContain("anonymous");
      await get(other);
      expect((await get(other)).body).not.toContain(parent.user.email);
    }
  });

  it("answers a cookieless hit before Express, and one with any cookie only after the session check", async () => {
    await warm("/stemlab");
    await get("/stemlab"); // stored by now (the stand-in's first step waits for compression)
    const early = beforeExpress.length;
    const plain = await get("/stemlab");
    expect(plain.cache).toBe("hit");
    expect(beforeExpress.length).toBe(early + 1);
    const withCookie = await get("/stemlab", { cookie: "theme=dark" });
    expect(withCookie.cache).toBe("hit");
    expect(withCookie.body).toBe(plain.body);
    expect(beforeExpress.length).toBe(early + 1);
    // A POST, or a path the cache never holds, never leaves early.
    await fetch(`${url}/stemlab`, { method: "POST" });
    await warm("/admin/dashboard");
    await get("/admin/dashboard");
    expect(beforeExpress.length).toBe(early + 1);
  });

  it("still serves the shared page to a cookie that names no live session", async () => {
    await warm("/know-more-info");
    const stale = await get("/know-more-info", { cookie: "sid=not-a-session" });
    expect(stale.cache).toBe("hit");
    expect(stale.body).toContain("anonymous");
  });

  it("keeps public JSON reads per language, with their headers", async () => {
    await get("/api/blogs", { "accept-language": "en" });
    await get("/api/blogs", { "accept-language": "ar" });
    const en = await get("/api/blogs", { "accept-language": "en" });
    const ar = await get("/api/blogs", { "accept-language": "ar" });
    expect([en.cache, ar.cache]).toEqual(["miss", "miss"]);
    const again = await fetch(`${url}/api/blogs`, { headers: { "accept-language": "ar" } });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("x-total-count")).toBe("1");
    expect(await again.text()).toBe(ar.body);
    expect(JSON.parse(ar.body).lang).toBe("ar");
    expect((await get("/api/blogs", { "accept-language": "en" })).body).toBe(en.body);
  });
});

describe("an expired page", () => {
  it("is rendered again by one visitor while the others still get the stored bytes", async () => {
    const server = await startTestServer();
    const counter = { renders: 0 };
    const app = express();
    const cache = pageCache(server.db, 1);
    app.use(cache.serveCookieless);
    app.use(cache.capture);
    let release = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    app.get("/{*path}", (_req, res) => {
      counter.renders += 1;
      const body = `<p>render ${counter.renders}</p>`;
      if (counter.renders === 1) res.type("html").send(body);
      else void slow.then(() => res.type("html").send(body));
    });
    const { url, close } = await listen({ app, cache });
    try {
      await fetch(`${url}/`);
      // Asked twice: the second render is stored (and is the last quick one).
      counter.renders = 0;
      await fetch(`${url}/`);
      await cache.stored();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const refresh = fetch(`${url}/`).then((r) => r.text());
      await new Promise((resolve) => setTimeout(resolve, 50));
      const others = await Promise.all([1, 2, 3].map(() => fetch(`${url}/`).then(async (r) => [r.headers.get("x-page-cache"), await r.text()])));
      expect(others).toEqual([1, 2, 3].map(() => ["hit", "<p>render 1</p>"]));
      release();
      expect(await refresh).toBe("<p>render 2</p>");
      await cache.stored();
      expect(await (await fetch(`${url}/`)).text()).toBe("<p>render 2</p>");
      expect(counter.renders).toBe(2);
    } finally {
      close();
      await server.close();
    }
  });
});

describe("page cache on two instances sharing one database", () => {
  let server: TestServer;
  const counter = { renders: 0 };
  let one: Awaited<ReturnType<typeof listen>>;
  let two: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    server = await startTestServer();
    one = await listen(standInApp(server, counter));
    two = await listen(standInApp(server, counter));
  });
  afterAll(async () => {
    one?.close();
    two?.close();
    await server?.close();
  });

  const cacheOf = async (base: string, path: string) => (await fetch(base + path)).headers.get("x-page-cache");

  it("renders afresh on both after a staff change made through either (a new audit entry)", async () => {
    for (const base of [one.url, two.url]) {
      await cacheOf(base, "/products");
      await cacheOf(base, "/products");
      expect(await cacheOf(base, "/products")).toBe("hit");
    }
    const before = await (await fetch(`${one.url}/products`)).text();
    // What every admin endpoint does on a change, here on instance two's behalf.
    await recordAudit(server.db, { userId: null, action: "update", entity: "product", entityId: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const base of [one.url, two.url]) expect(await cacheOf(base, "/products")).toBe("miss");
    const after = await (await fetch(`${one.url}/products`)).text();
    await cacheOf(one.url, "/products");
    expect(after).not.toBe(before);
    expect(await cacheOf(one.url, "/products")).toBe("hit");
  });
  it("shows a change at once on the instance that answered the write", async () => {
    await cacheOf(one.url, "/stemlab");
    await cacheOf(one.url, "/stemlab");
    expect(await cacheOf(one.url, "/stemlab")).toBe("hit");
    expect((await fetch(`${one.url}/api/admin/change`, { method: "POST" })).status).toBe(200);
    // No wait for the once-a-second read of the version: this instance knows it wrote.
    expect(await cacheOf(one.url, "/stemlab")).toBe("miss");
  });
});
