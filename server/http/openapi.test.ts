import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "~server/app";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { routeKeys } from "~server/test/route-table";
import { handWrittenRoutes } from "./hand-written-routes";
import { mountedRoutes, openApiPath, routeKey, unnamedParams } from "./openapi";
import { openApi31Problems } from "./openapi-check";
import { openApiMarkdown } from "./openapi-markdown";
import { NOTES_FILE, parseRouteNotes } from "./openapi-notes";

/**
 * The contract between the HTTP reference and the app (issue 41, decision 107): the document
 * served at GET /api/openapi.json is OpenAPI 3.1, names every route the app mounts, and the app's
 * GET routes answer what it documents.
 */

type Schema = Record<string, unknown> | boolean;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is JSON read back
type Doc = any;

let server: TestServer;
let doc: Doc;
let adminCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = (await server.signIn("admin")).cookie;
  const answer = await server.request("GET", "/api/openapi.json");
  expect(answer.status).toBe(200);
  doc = answer.body;
});
afterAll(async () => {
  await server?.close();
});

/** A small JSON Schema check (the subset the document uses): type, enum, const, properties, required, additionalProperties, items, anyOf/oneOf, $ref. */
function schemaProblems(schema: Schema, value: unknown, at = "body"): string[] {
  if (schema === true || (typeof schema === "object" && Object.keys(schema).length === 0)) return [];
  if (schema === false) return [`${at}: nothing is allowed`];
  if (typeof schema.$ref === "string") {
    const target = (schema.$ref as string)
      .slice(2)
      .split("/")
      .reduce<Doc>((node, part) => node?.[part], doc);
    return target === undefined ? [`${at}: unresolved ${schema.$ref}`] : schemaProblems(target as Schema, value, at);
  }
  const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === "integer" && types.includes("number"))) return [`${at}: ${actual}, documented ${types.join("|")}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} not in the documented enum`];
  if ("const" in schema && schema.const !== value) return [`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`];
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key] as Schema[] | undefined;
    if (options && !options.some((option) => schemaProblems(option, value, at).length === 0)) return [`${at}: matches none of ${key}`];
  }
  const problems: string[] = [];
  if (typeOf(value) === "object") {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required as string[] | undefined) ?? []) if (!(name in object)) problems.push(`${at}.${name}: required, missing`);
    for (const [name, v] of Object.entries(object)) {
      if (name in properties) problems.push(...schemaProblems(properties[name]!, v, `${at}.${name}`));
      else if (schema.additionalProperties !== undefined) problems.push(...schemaProblems(schema.additionalProperties as Schema, v, `${at}.${name}`));
    }
  }
  if (Array.isArray(value) && schema.items !== undefined)
    value.slice(0, 20).forEach((v, i) => problems.push(...schemaProblems(schema.items as Schema, v, `${at}[${i}]`)));
  return problems;
}

/** The documented answer for a status: the exact code, else its range (2XX), else default. */
const documented = (responses: Record<string, Doc>, status: number) => responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;

describe("the OpenAPI document", () => {
  it("validates against the official OpenAPI 3.1 schema (a standard validator)", async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("keeps the project's own rules the schema cannot say (unique operation ids, declared path parameters, references that resolve)", () => {
    expect(openApi31Problems(doc)).toEqual([]);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("names every route the running app mounts, and declares none it does not", () => {
    const app = createApp({ config: server.config, db: server.db, logger: createLogger("silent") });
    // The test harness's own walk of the router stack, independent of the document's.
    const mounted = routeKeys(app);
    expect(mounted.length).toBeGreaterThan(150);
    const missing = mounted.filter((key) => {
      const [method, path] = key.split(" ");
      return !doc.paths[openApiPath(path!)]?.[method!.toLowerCase()];
    });
    expect(missing).toEqual([]);
    expect(doc["x-counts"].mountedNotDeclared).toEqual([]);
    // A hand-written line whose route is gone (or became an endpoint) must leave the list.
    const endpoints = new Set(
      mountedRoutes(app)
        .filter((r) => r.endpoint)
        .map((r) => routeKey(r.method, r.path)),
    );
    const stale = handWrittenRoutes.map((r) => routeKey(r.method, r.path)).filter((key) => !mounted.includes(key) || endpoints.has(key));
    expect(stale).toEqual([]);
    const documentedCount = Object.values(doc.paths as Record<string, object>).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(documentedCount).toBe(mounted.length);
    expect(doc["x-counts"].endpoints + doc["x-counts"].handWritten).toBe(mounted.length);
  });

  it("has no hand-written note about a route the app does not serve", () => {
    const notes = parseRouteNotes(readFileSync(NOTES_FILE, "utf8"));
    expect(notes.written.length).toBeGreaterThan(100);
    const served = new Set(
      Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) => Object.keys(ops).map((m) => routeKey(m, unnamedParams(path)))),
    );
    const orphans = notes.written.filter((key) => {
      const space = key.indexOf(" ");
      return !served.has(routeKey(key.slice(0, space), unnamedParams(key.slice(space + 1))));
    });
    expect(orphans).toEqual([]);
  });

  it("is what docs/http-api.md says (run npm run docs:api after changing routes or notes)", () => {
    expect(readFileSync("docs/http-api.md", "utf8")).toBe(openApiMarkdown(doc));
  });

  it("describes each endpoint's input from its declaration", () => {
    const add = doc.paths["/api/account/children"]?.post;
    expect(add["x-declared"]).toBe("endpoint");
    const body = add.requestBody.content["application/json"].schema;
    expect(body.type).toBe("object");
    expect(body.required).toEqual(expect.arrayContaining(["name", "age"]));
    expect(body.properties.age).toMatchObject({ type: "integer", minimum: 4, maximum: 18 });
    expect(add.responses["401"]).toBeDefined();
    expect(add.responses["429"]).toBeDefined();
    // The audit log is admins' only, a list answering JSON or, with ?format=csv, a CSV (decision 126).
    expect(doc.paths["/api/admin/audit"]?.get["x-access"]).toBe("admin");
    expect(doc.paths["/api/admin/audit"]?.get["x-declared"]).toBe("endpoint");
    expect(Object.keys(doc.paths["/api/admin/audit"]?.get.responses["2XX"].content)).toEqual(["application/json", "text/csv"]);
    // Hand-written routes (operations only) carry their declared line.
    expect(doc.paths["/metrics"]?.get["x-declared"]).toBe("hand-written");
    // Endpoints carry their access too, and a file endpoint documents its file type.
    expect(doc.paths["/api/admin/camps"]?.get["x-access"]).toBe("admin");
    expect(Object.keys(doc.paths["/api/admin/slots/bookings.csv"]?.get.responses["2XX"].content)).toEqual(["text/csv"]);
    // The settings write is declared (decision 116): every field optional, a partial update.
    const settings = doc.paths["/api/admin/settings"]?.put;
    expect(settings["x-declared"]).toBe("endpoint");
    expect(settings["x-access"]).toBe("admin");
    expect(settings.requestBody.content["application/json"].schema.required ?? []).toEqual([]);
  });

  it("matches what the documented GET routes answer: status and schema, signed out and as an admin", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Doc>>)) {
      const op = ops.get;
      if (!op) continue;
      // A parameter that names nothing: the route's 404 (or 400) is documented too.
      const url = path.replace(/\{[^}]+\}/g, "999999");
      for (const [who, headers] of [
        ["signed out", {}],
        ["admin", { cookie: adminCookie }],
      ] as const) {
        const answer = await server.request("GET", url, { headers });
        checked++;
        const response = documented(op.responses, answer.status);
        if (!response) {
          failures.push(`GET ${url} (${who}): ${answer.status} is not documented (${Object.keys(op.responses).join(", ")})`);
          continue;
        }
        const content = response.content as Record<string, { schema: Schema }> | undefined;
        if (!content) continue;
        const type = (answer.headers.get("content-type") ?? "").split(";")[0]!.trim();
        const media = content[type];
        if (!media) {
          failures.push(`GET ${url} (${who}): ${answer.status} ${type}, documented ${Object.keys(content).join(", ")}`);
          continue;
        }
        if (type === "application/json") failures.push(...schemaProblems(media.schema, answer.body).map((p) => `GET ${url} (${who}) ${answer.status}: ${p}`));
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
