import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~server/config";
import { securityHeaders } from "./security-headers";

/** Decision 154: pages and files shown in a browser get the document set; JSON answers the data set. */
describe("securityHeaders", () => {
  let url = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders(loadConfig({ DATA_DIR: "/tmp/unused", PUBLIC_URL: "https://academy.example" })));
    app.get("/page", (_req, res) => res.type("html").send(`<p>${String(res.locals.cspNonce)}</p>`));
    app.get("/api/data", (_req, res) => res.json({ ok: true }));
    app.get("/api/problem", (_req, res) => res.type("application/problem+json").send("{}"));
    app.get("/api/empty", (_req, res) => res.status(204).end());
    app.get("/api/file.pdf", (_req, res) => res.type("pdf").set("Content-Disposition", "inline").send(Buffer.from("%PDF-1.7")));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const headersOf = async (path: string) => Object.fromEntries((await fetch(url + path)).headers);

  it("gives a page a fresh nonce in its policy, and the document headers", async () => {
    const [first, second] = [await headersOf("/page"), await headersOf("/page")];
    const nonce = /'nonce-([A-Za-z0-9+/=]{20,})'/;
    expect(first["content-security-policy"]).toMatch(nonce);
    expect(first["content-security-policy"]!.match(nonce)![1]).not.toBe(second["content-security-policy"]!.match(nonce)![1]);
    expect(first).toMatchObject({ "x-content-type-options": "nosniff", "x-frame-options": "SAMEORIGIN", "referrer-policy": "same-origin" });
  });

  it("gives JSON answers (and empty ones) the data set: nothing loads, nothing frames them, no nonce", async () => {
    for (const path of ["/api/data", "/api/problem", "/api/empty"]) {
      const headers = await headersOf(path);
      expect(headers["content-security-policy"], path).toBe("default-src 'none';frame-ancestors 'none'");
      expect(headers, path).toMatchObject({
        "x-content-type-options": "nosniff",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "same-origin",
      });
      expect(headers["x-frame-options"], path).toBeUndefined();
      expect(headers["x-dns-prefetch-control"], path).toBeUndefined();
    }
  });

  it("gives a file a browser may show the document set, without a nonce", async () => {
    const headers = await headersOf("/api/file.pdf");
    expect(headers["content-security-policy"]).toContain("script-src 'self';");
    expect(headers["content-security-policy"]).toContain("object-src 'none'");
    expect(headers["content-security-policy"]).not.toContain("nonce-");
    expect(headers).toMatchObject({ "x-frame-options": "SAMEORIGIN", "x-content-type-options": "nosniff" });
  });
});
