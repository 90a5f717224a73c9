import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "~server/audit/audit";
import { loadSession } from "~server/security/session";
import { startTestServer, type TestServer } from "~server/test/harness";
import { pageCache } from "./page-cache";

// A stand-in for the page renderer behind the real session loader: every render is numbered,
// carries the response's nonce and names the signed-in account, as the real navbar does.
describe("page cache for anonymous visitors", () => {
  let server: TestServer;
  let url = "";
  let renders = 0;
  let close = () => {};

  beforeAll(async () => {
    server = await startTestServer();
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString("base64");
      res.setHeader("x-nonce", res.locals.cspNonce);
      next();
    });
    app.use(loadSession({ db: server.db, config: server.config }));
    app.use(pageCache(server.db, 30));
    app.get("/{*path}", (req, res) => {
      renders += 1;
      if (req.path === "/missing") {
        res.status(404).type("html").send("<p>404</p>");
        return;
      }
      const who = res.locals.user ? `signed in as ${res.locals.user.email}` : "anonymous";
      res.type("html").send(`<html><script nonce="${res.locals.cspNonce}">render ${renders}</script><p>${who}</p></html>`);
    });
    const listener = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listener.once("listening", resolve));
    url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    close = () => listener.close();
  });
  afterAll(async () => {
    close();
    await server?.close();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url + path, { headers });
    return { body: await res.text(), cache: res.headers.get("x-page-cache"), nonce: res.headers.get("x-nonce")! };
  };

  it("renders once, then serves the same page with the new response's nonce", async () => {
    const first = await get("/courses");
    const second = await get("/courses");
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(second.body.replace(second.nonce, "N")).toBe(first.body.replace(first.nonce, "N"));
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    expect(second.body).not.toContain(first.nonce);
  });

  it("keys on the full URL", async () => {
    await get("/courses?age=6-12");
    expect((await get("/courses?age=6-18")).cache).toBe("miss");
    expect((await get("/courses?age=6-12")).cache).toBe("hit");
  });

  it("never serves signed-in visitors, private pages or failures from the cache", async () => {
    await get("/blog");
    const parent = await server.signIn("user");
    expect((await get("/blog", { cookie: parent.cookie })).cache).toBeNull();
    for (const path of ["/admin", "/ar/admin/blogs", "/login", "/courses/robotics/bookdemoclass", "/booking/cancel"]) {
      await get(path);
      expect((await get(path)).cache, path).toBeNull();
    }
    await get("/missing");
    expect((await get("/missing")).cache).toBe("miss");
    await get("/");
    expect((await get("/", { cookie: "lang=ar" })).cache).toBeNull();
  });

  it("renders afresh after any staff change (a new audit entry)", async () => {
    await get("/products");
    expect((await get("/products")).cache).toBe("hit");
    await recordAudit(server.db, { userId: null, action: "update", entity: "product", entityId: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await get("/products");
    expect(after.cache).toBe("miss");
    expect((await get("/products")).cache).toBe("hit");
  });

  it("never stores or serves a signed-in page, however the session cookie is spelled (issue 11)", async () => {
    const parent = await server.signIn("user");
    const token = parent.cookie.split("=").slice(1).join("=");
    const spellings = [`sid =${token}`, ` sid=${token}`, `a=b;sid=${token}`, `a=b ;  sid=${token}`, `sid\t=${token}`, `lang=en; sid=${token}; x=1`];
    for (const [i, cookie] of spellings.entries()) {
      const path = `/courses?spelling=${i}`;
      const signedIn = await get(path, { cookie });
      expect(signedIn.body, cookie).toContain(`signed in as ${parent.user.email}`);
      expect(signedIn.cache, cookie).toBeNull();
      const visitor = await get(path);
      expect(visitor.body, cookie).toContain("anonymous");
      expect(visitor.body).not.toContain(parent.user.email);
    }
  });

  it("still serves the shared page to a cookie that names no live session", async () => {
    await get("/know-more-info");
    const stale = await get("/know-more-info", { cookie: "sid=not-a-session" });
    expect(stale.cache).toBe("hit");
    expect(stale.body).toContain("anonymous");
  });
});
