import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { serverT } from "~server/i18n";
import { createLogger } from "~server/logger";
import { defineEndpoint, fileAnswer, jsonRoutes, runEndpoint, type Caller, type EndpointDeps } from "./endpoint";
import { HttpError } from "./errors";
import { openApiDocument } from "./openapi";
import { contactFormAction } from "~/features/contact/contact.action.server";
import { actionOnlyBuild } from "~server/test/action-only-build";
import { otherLocalAddress, startTestServer, type TestServer } from "~server/test/harness";

/**
 * One endpoint, two transports (issue 26, decision 048): a page's form post runs the endpoint in
 * process, so its rate limit counts the visitor, whatever address the server was reached on.
 */
describe("a page's form post runs its endpoint in process", () => {
  let server: TestServer;
  const form = (email: string) => new URLSearchParams({ email, description: "Do you run weekend classes?", website: "", returnTo: "/" }).toString();
  const post = (client: string, email: string) =>
    server.request("POST", "/contact-us", {
      body: form(email),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client, origin: server.url },
    });

  beforeAll(async () => {
    // Not 127.0.0.1: a server reached on another local address (a container's, a proxy host's).
    server = await startTestServer({}, { pages: { build: actionOnlyBuild({ "contact-us": contactFormAction }) }, host: otherLocalAddress() });
  });
  afterAll(() => server.close());

  it("counts the visitor's address: one visitor's sixth post is refused, another visitor's first is taken", async () => {
    for (let i = 0; i < 5; i++) expect((await post("10.9.9.1", `a${i}@example.com`)).status).toBe(303);
    const refused = await post("10.9.9.1", "a6@example.com");
    expect(refused.status).toBe(429);
    expect((await post("10.9.9.2", "b@example.com")).status).toBe(303);
    // The JSON route shares the counter: same endpoint, same limit.
    const json = await server.request("POST", "/contact-us/form", {
      json: { email: "c@example.com", description: "Hello there, friends", website: "" },
      headers: { "x-forwarded-for": "10.9.9.1" },
    });
    expect(json.status).toBe(429);
    const keys = (await server.db.selectFrom("rate_limits").select("key").where("key", "like", "contact:%").execute()).map((row) => row.key).sort();
    expect(keys).toEqual(["contact:10.9.9.1", "contact:10.9.9.2"]);
    expect(await server.countRows("contact_messages")).toBe(6);
  });
});

/** The file transport (issue 41): an endpoint answers a CSV, a PDF or a calendar as a file, refusals stay JSON. */
describe("an endpoint's file answer", () => {
  const deps = {} as EndpointDeps;
  const params = z.object({ id: z.string().regex(/^\d+$/) });
  const csv = defineEndpoint({
    method: "GET",
    path: "/t/:id/rows.csv",
    access: "anyone",
    produces: "csv",
    params,
    notFound: { ns: "booking", key: "adminApi.notFound" },
    input: z.object({ rows: z.coerce.number().int().min(0).max(5000) }),
    async run({ params: { id } }, { rows }) {
      async function* lines() {
        for (let i = 0; i < rows; i++) yield `${id},${i},${"x".repeat(50)}\r\n`;
      }
      return fileAnswer("csv", lines(), { filename: `rows ${id}.csv` });
    },
  });
  const pdf = defineEndpoint({
    method: "POST",
    path: "/t/doc.pdf",
    access: "signed-in",
    produces: "pdf",
    noBody: true,
    input: z.unknown(),
    // CallerFor<"signed-in">: the user is there without a cast.
    run: async ({ caller }) => fileAnswer("pdf", new TextEncoder().encode(`%PDF-1.7 ${caller.user.id}`), { filename: "doc.pdf", inline: true }),
  });
  const go = defineEndpoint({
    method: "GET",
    path: "/t/go",
    access: "anyone",
    redirects: "always",
    input: z.object({ to: z.enum(["a", "b"]).catch("a") }),
    run: async (_call, { to }) => ({ status: 303 as const, location: `/${to}?done=1` }),
  });
  const options = defineEndpoint({
    method: "POST",
    path: "/t/options",
    access: "anyone",
    optionalBody: true,
    input: z.object({ second: z.boolean().optional() }),
    run: async (_call, { second }) => ({ status: 200, body: { second: second ?? null } }),
  });
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.user = _req.get("x-user") ? { id: Number(_req.get("x-user")), role: "parent" } : null;
      next();
    });
    app.use(express.json());
    app.use(jsonRoutes(deps, [csv, pdf, go, options]));
    app.use(((error, _req, res, _next) => void res.status(error.status ?? 500).json({ message: error.message })) as express.ErrorRequestHandler);
    server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("streams a CSV download with its type, filename and no-store", async () => {
    const answer = await fetch(`${base}/t/7/rows.csv?rows=3000`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="rows-7.csv"');
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = await answer.text();
    expect(text.split("\r\n")).toHaveLength(3001);
    expect(text.startsWith("7,0,")).toBe(true);
  });

  it("refuses bad input and an unknown path parameter as JSON, in the declared words", async () => {
    const bad = await fetch(`${base}/t/7/rows.csv?rows=many`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toMatch(/^application\/json/);
    const unknown = await fetch(`${base}/t/x/rows.csv?rows=1`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(serverT("en", "booking", "adminApi.notFound"));
  });

  it("answers bytes inline for a signed-in caller, 401 JSON signed out", async () => {
    expect((await fetch(`${base}/t/doc.pdf`, { method: "POST" })).status).toBe(401);
    const answer = await fetch(`${base}/t/doc.pdf`, { method: "POST", headers: { "x-user": "42" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe('inline; filename="doc.pdf"');
    expect(await answer.text()).toBe("%PDF-1.7 42");
  });

  it("answers a redirect, never cached", async () => {
    const answer = await fetch(`${base}/t/go?to=b`, { redirect: "manual" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/b?done=1");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
  });

  it("takes an optional body: none is {}, JSON is read and checked", async () => {
    const none = await fetch(`${base}/t/options`, { method: "POST" });
    expect(await none.json()).toEqual({ second: null });
    const json = await fetch(`${base}/t/options`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ second: true }) });
    expect(await json.json()).toEqual({ second: true });
    const bad = await fetch(`${base}/t/options`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ second: "yes" }) });
    expect(bad.status).toBe(400);
  });

  it("is documented in OpenAPI as its file type", () => {
    const doc = openApiDocument([{ method: "GET", path: csv.path, endpoint: csv }], { handWritten: [] });
    const get = doc.paths["/t/{id}/rows.csv"]!.get!;
    expect(Object.keys((get.responses["2XX"] as { content: object }).content)).toEqual(["text/csv"]);
  });
});

/** What decision 126 added: a raw body, a file-or-JSON answer, the caller's own address, answer headers, a public JSON array. */
describe("an endpoint's raw body, JSON-or-file answer and headers", () => {
  const deps = {} as EndpointDeps;
  const hook = defineEndpoint({
    method: "POST",
    path: "/t/hook",
    access: "anyone",
    rawBody: true,
    input: z.object({ bytes: z.instanceof(Buffer), json: z.boolean() }),
    run: async ({ caller }, { bytes, json }) => ({
      status: 200,
      body: { length: bytes.length, text: bytes.toString("utf8"), json, signature: caller.header("x-signature") ?? null },
    }),
  });
  const list = defineEndpoint({
    method: "GET",
    path: "/t/list",
    access: "anyone",
    produces: "csv",
    alsoJson: true,
    input: z.object({ format: z.enum(["json", "csv"]).default("json") }),
    run: async (_call, { format }) => (format === "csv" ? fileAnswer("csv", "a,b\r\n") : { status: 200, body: { rows: [], total: 0 } }),
  });
  const back = defineEndpoint({
    method: "GET",
    path: "/t/back",
    access: "anyone",
    redirects: "signed out",
    input: z.object({}),
    run: async ({ caller }) => ({ status: 303 as const, location: `/login?next=${encodeURIComponent(caller.url)}` }),
  });
  const busy = defineEndpoint({
    method: "GET",
    path: "/t/busy",
    access: "anyone",
    input: z.object({}),
    run: async () => ({ status: 429, body: { message: "Later." }, headers: { "Retry-After": "3600" } }),
  });
  const array = defineEndpoint({
    method: "GET",
    path: "/t/array",
    access: "anyone",
    produces: "json-array",
    input: z.object({}),
    run: async () => fileAnswer("json-array", JSON.stringify([1, 2]), { cacheControl: null, headers: { "X-Total-Count": "2" } }),
  });
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use("/t/hook", express.raw({ type: () => true }));
    app.use(express.json());
    app.use(jsonRoutes(deps, [hook, list, back, busy, array]));
    server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("hands a raw-body endpoint the exact bytes, whatever they are, and whether they were sent as JSON", async () => {
    const text = '{"id":"evt_1",  "x":1}';
    const json = await fetch(`${base}/t/hook`, { method: "POST", headers: { "content-type": "application/json", "x-signature": "s" }, body: text });
    expect(await json.json()).toEqual({ length: text.length, text, json: true, signature: "s" });
    const plain = await fetch(`${base}/t/hook`, { method: "POST", headers: { "content-type": "text/plain" }, body: "not json" });
    expect(await plain.json()).toMatchObject({ text: "not json", json: false });
  });

  it("answers JSON or the file per call, and documents both", async () => {
    expect(await (await fetch(`${base}/t/list`)).json()).toEqual({ rows: [], total: 0 });
    const csv = await fetch(`${base}/t/list?format=csv`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const doc = openApiDocument([{ method: "GET", path: list.path, endpoint: list }], { handWritten: [] });
    expect(Object.keys((doc.paths["/t/list"]!.get!.responses["2XX"] as { content: object }).content)).toEqual(["application/json", "text/csv"]);
  });

  it("knows the address it was asked for, query included (a signed-out visitor comes back to it)", async () => {
    const answer = await fetch(`${base}/t/back?x=1`, { redirect: "manual" });
    expect(answer.headers.get("location")).toBe(`/login?next=${encodeURIComponent("/t/back?x=1")}`);
  });

  it("sends an answer's own headers, and a public JSON array without Cache-Control", async () => {
    const busyAnswer = await fetch(`${base}/t/busy`);
    expect(busyAnswer.status).toBe(429);
    expect(busyAnswer.headers.get("retry-after")).toBe("3600");
    const arrayAnswer = await fetch(`${base}/t/array`);
    expect(arrayAnswer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(arrayAnswer.headers.get("cache-control")).toBeNull();
    expect(arrayAnswer.headers.get("x-total-count")).toBe("2");
    expect(await arrayAnswer.json()).toEqual([1, 2]);
  });
});

/**
 * The `load` step (decision 159): after the path parameters and the limits, before the input. Its
 * refusal (another instructor's group) comes before any 400 about the body, a 429 before it, and
 * what it returns reaches the input function and `run`.
 */
describe("an endpoint's load step", () => {
  let server: TestServer;
  let deps: EndpointDeps;
  const loads: number[] = [];
  const given: unknown[] = [];
  const endpoint = defineEndpoint({
    method: "POST",
    path: "/t/groups/:id/notes",
    access: "anyone",
    params: z.object({ id: z.coerce.number().int().positive() }),
    limits: [{ name: "t-load", limit: 3, windowMs: 60_000 }],
    load: async (_deps, _caller, { id }) => {
      loads.push(id);
      if (id !== 1) throw new HttpError(403, "This group is not one you teach.");
      const record = { id, longest: 5 };
      given.push(record);
      return record;
    },
    // The schema depends on what load read: the record's own bound.
    input: async (_deps, _raw, { loaded }) => z.object({ note: z.string().max(loaded.longest) }),
    run: async ({ loaded }, { note }) => ({ status: 200, body: { loaded, note } }),
  });
  const caller = (ip: string): Caller => ({
    ip,
    lang: "en",
    user: null,
    sessionKind: null,
    sessionRef: null,
    secondFactorMissing: false,
    url: "/t/groups/1/notes",
    header: () => undefined,
    cookies: { set: () => undefined, clear: () => undefined },
  });
  const call = (ip: string, id: string, note: unknown) => runEndpoint(deps, endpoint, caller(ip), { input: { note }, params: { id } });

  beforeAll(async () => {
    server = await startTestServer();
    deps = { config: server.config, db: server.db, logger: createLogger("silent") };
  });
  afterAll(() => server.close());

  it("refuses in load before the input is read, after the limits, and hands run what load returned", async () => {
    // No such path parameter: 404, and load is not asked.
    expect((await call("10.7.0.1", "x", "hi")).status).toBe(404);
    expect(loads).toEqual([]);
    // Another group and an invalid body: load's 403, not the input's 400.
    const refused = await call("10.7.0.1", "2", 42);
    expect(refused).toEqual({ status: 403, body: { message: "This group is not one you teach." } });
    // The caller's own group: now the input is read, against the bound load gave it.
    const invalid = await call("10.7.0.1", "1", "too long");
    expect(invalid.status).toBe(400);
    expect((invalid.body as { errors?: Record<string, string> }).errors).toHaveProperty("note");
    const answer = await call("10.7.0.1", "1", "hello");
    expect(answer).toEqual({ status: 200, body: { loaded: { id: 1, longest: 5 }, note: "hello" } });
    // The very object load returned, not a copy.
    expect((answer.body as { loaded: unknown }).loaded).toBe(given.at(-1));
    // A fourth call over a limit of three: 429 before load, whatever the group and the body.
    const before = loads.length;
    const limited = await call("10.7.0.1", "2", 42);
    expect(limited.status).toBe(429);
    expect(loads.length).toBe(before);
  });
});
