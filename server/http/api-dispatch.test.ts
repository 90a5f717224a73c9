import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~server/config";
import { apiDispatcher, formPostClient } from "./api-dispatch";

// A page route that forwards its visitor's post to an API route over loopback, as page actions do.
describe("form posts run through the API as their visitor", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "stem-dispatch-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", TRUST_PROXY: "1", SESSION_SECRET: "x".repeat(40) });
  let server: Server;
  let base = "";

  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", config.trustProxy);
    app.use(formPostClient(config));
    app.use(express.json());
    app.post("/api/echo", (req, res) => {
      res.cookie("seen", "1");
      res.status(req.body.fail ? 409 : 201).json({ message: "echo", ip: req.ip, cookie: req.get("cookie") ?? null, identity: req.get("x-form-post-client") ?? null, body: req.body });
    });
    const callApi = apiDispatcher(config);
    app.post("/page", async (req, res) => {
      const answer = await callApi(req)({ method: "POST", path: "/api/echo", body: { a: 1, fail: req.query.fail === "1" }, lang: "ar" });
      res.json(answer);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the API sees the visitor's address (as resolved under TRUST_PROXY), cookies, body, status and Set-Cookie come back", async () => {
    const res = await fetch(`${base}/page`, { method: "POST", headers: { "x-forwarded-for": "203.0.113.9", cookie: "sid=abc" } });
    const answer = await res.json();
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ ip: "203.0.113.9", cookie: "sid=abc", identity: null, body: { a: 1 } });
    expect(answer.cookies).toEqual([expect.stringMatching(/^seen=1/)]);
    const refused = await (await fetch(`${base}/page?fail=1`, { method: "POST", headers: { "x-forwarded-for": "203.0.113.9" } })).json();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("echo");
  });

  it("a client cannot claim another address with the header: forged, expired or unsigned values are dropped", async () => {
    const future = Math.floor(Date.now() / 1000) + 30;
    for (const value of [`198.51.100.7 ${future} forged`, `198.51.100.7 ${future - 3600} abc`, "198.51.100.7", ""]) {
      const res = await fetch(`${base}/api/echo`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.20", "x-form-post-client": value },
        body: "{}",
      });
      const body = await res.json();
      expect(body.ip).toBe("203.0.113.20");
      expect(body.identity).toBeNull();
    }
  });
});
