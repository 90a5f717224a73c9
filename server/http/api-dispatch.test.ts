import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/features/accounts/accounts.server";
import { loginAction } from "~/features/accounts/account-actions.server";
import { loadConfig } from "~server/config";
import { actionOnlyBuild } from "~server/test/action-only-build";
import { otherLocalAddress, startTestServer, type TestServer } from "~server/test/harness";
import { apiDispatcher, formPostClient } from "./api-dispatch";

// A page route that forwards its visitor's post to an API route over loopback, as page actions do.
describe("form posts run through the API as their visitor", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "stem-dispatch-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", TRUST_PROXY: "1", SESSION_SECRET: "x".repeat(40) });
  let server: Server;
  let base = "";
  const leaked: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", config.trustProxy);
    app.use((req, _res, next) => {
      const header = req.get("x-form-post-client");
      if (header && req.path === "/api/leak") leaked.push(header);
      next();
    });
    app.use(formPostClient(config));
    app.use(express.json());
    app.post("/api/echo", (req, res) => {
      res.cookie("seen", "1");
      res.status(req.body.fail ? 409 : 201).json({ message: "echo", ip: req.ip, cookie: req.get("cookie") ?? null, identity: req.get("x-form-post-client") ?? null, body: req.body });
    });
    const callApi = apiDispatcher(config);
    app.post("/api/other", (req, res) => {
      res.json({ ip: req.ip });
    });
    // Hands out the identity header the dispatcher signed, as someone reading the inner hop would see it.
    app.post("/api/leak", (req, res) => {
      res.json({ ip: req.ip, header: leaked.shift() ?? null });
    });
    app.post("/page", async (req, res) => {
      const answer = await callApi(req)({ method: "POST", path: req.query.leak === "1" ? "/api/leak" : "/api/echo", body: { a: 1, fail: req.query.fail === "1" }, lang: "ar" });
      res.json(answer);
    });
    // Not 127.0.0.1: the API must see the visitor whatever local address the server is reached on.
    server = app.listen(0, otherLocalAddress());
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://${otherLocalAddress()}:${(server.address() as AddressInfo).port}`;
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

  it("a signed header works once, for the request it was signed for: a copy is refused on another path and on a second use", async () => {
    const first = await (await fetch(`${base}/page?leak=1`, { method: "POST", headers: { "x-forwarded-for": "203.0.113.30" } })).json();
    expect(first.body.ip).toBe("203.0.113.30");
    const header = first.body.header as string;
    expect(header).toMatch(/^203\.0\.113\.30 /);
    for (const path of ["/api/leak", "/api/other"]) {
      const copy = await (await fetch(`${base}${path}`, { method: "POST", headers: { "x-forwarded-for": "198.51.100.44", "x-form-post-client": header } })).json();
      expect(copy.ip, path).toBe("198.51.100.44");
    }
  });
});

// The whole app on another local address than 127.0.0.1 (a container, a proxy on another host):
// each visitor's no-JavaScript sign-ins are counted as theirs, not as the server's (issue 25).
describe("no-JavaScript sign-in on a server reached over another address than 127.0.0.1", () => {
  let app: TestServer;
  const password = "Sunflower9";
  const emails = ["first-visitor@example.com", "second-visitor@example.com"];

  beforeAll(async () => {
    app = await startTestServer({}, { host: otherLocalAddress(), pages: { build: actionOnlyBuild({ login: loginAction }) } });
    for (const email of emails) await createUser(app.db, { username: "Page Poster", email, password, contactNumber: "9876543210" });
  });
  afterAll(() => app?.close());

  const signIn = (email: string, pass: string, client: string) =>
    app.request("POST", "/login", { body: new URLSearchParams({ email, password: pass }).toString(), headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client } });

  it("one visitor's ten failures lock only that visitor out; another visitor signs in", async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(emails[0]!, "Wrong-passw0rd", "203.0.113.50")).status).toBe(401);
    expect((await signIn(emails[0]!, "Wrong-passw0rd", "203.0.113.50")).status).toBe(429);
    const other = await signIn(emails[1]!, password, "198.51.100.60");
    expect(other.status).toBe(303);
    expect(other.headers.get("set-cookie")).toMatch(/sid=/);
    const counters = await app.db.selectFrom("rate_limits").select("key").where("key", "like", "login-ip:%").execute();
    expect(counters.map((row) => row.key).sort()).toEqual(["login-ip:198.51.100.60", "login-ip:203.0.113.50"]);
    // A no-JavaScript post of a third visitor is not held back by the first one's failures either.
    expect((await signIn(emails[1]!, password, "192.0.2.70")).status).toBe(303);
  });
});
