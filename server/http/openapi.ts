import { Router as expressRouter, type Application, type RequestHandler, type Router } from "express";
import { z } from "zod";
import { declaredEndpoint, type Access, type AnyEndpoint } from "./endpoint";
import { handWrittenRoutes, type HandWrittenRoute } from "./hand-written-routes";

/**
 * The HTTP reference as OpenAPI 3.1, generated from what the app mounts (issue 41, decision 107):
 * each `defineEndpoint` route with its access, limits, path parameters and input schema (zod 4's
 * toJSONSchema), and each route still written by hand from its declared line
 * (hand-written-routes.ts). Served at GET /api/openapi.json and rendered into docs/http-api.md by
 * `npm run docs:api`, both from this one function, so the reference cannot drift from the code.
 */

type JsonSchema = Record<string, unknown> | boolean;
type Method = HandWrittenRoute["method"];

/** One method + path the app serves, and the declaration behind it when jsonRoutes mounted it. */
export interface MountedRoute {
  method: string;
  /** As mounted (Express syntax: `/api/admin/media/:id`). */
  path: string;
  endpoint?: AnyEndpoint;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack?: Array<{ handle?: unknown }> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

function walk(stack: Layer[], prefix: string, found: MountedRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const endpoint = layer.route.stack?.map((l) => declaredEndpoint(l.handle)).find(Boolean);
      for (const path of Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== "_all") found.push({ method: method.toUpperCase(), path: prefix + path, ...(endpoint ? { endpoint } : {}) });
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
      walk(layer.handle.stack, prefix + mount, found);
    }
  }
}

/**
 * Every route in the app's router stack (nested routers followed), one per method and path: an
 * endpoint when any handler of that method and path is one (a hand-written pass-through before it,
 * as for url-encoded POST /login, only hands page posts on). The pages' catch-all is not a route here.
 */
export function mountedRoutes(app: Application): MountedRoute[] {
  const found: MountedRoute[] = [];
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "", found);
  const byKey = new Map<string, MountedRoute>();
  for (const route of found) {
    if (route.path.includes("*")) continue;
    const key = routeKey(route.method, route.path);
    const seen = byKey.get(key);
    if (!seen || (!seen.endpoint && route.endpoint)) byKey.set(key, route);
  }
  return [...byKey.values()];
}

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Express's `/a/:id` as OpenAPI's `/a/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");

const pathParamNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as the caller sends it. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    const out = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    delete out.$schema;
    return out;
  } catch {
    // A schema zod cannot express (a custom check): documented as any JSON, checked by the server.
    return {};
  }
}

const ACCESS_TEXT: Record<Access, string> = {
  anyone: "anyone",
  "signed-in": "a signed-in account (401 otherwise)",
  teaching: "staff and instructors (instructors for their own groups only)",
  staff: "staff: admins and editors (401 signed out, 403 otherwise; the second factor when the academy requires one)",
  admin: "admins only (401 signed out, 403 otherwise)",
};

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: ERROR_REF } } });

const ANSWERS: Record<NonNullable<HandWrittenRoute["answer"]>, { status: string; description: string; content?: Record<string, { schema: JsonSchema }> }> = {
  json: { status: "2XX", description: "Success: a JSON object", content: { "application/json": { schema: { type: "object" } } } },
  "json-array": { status: "2XX", description: "Success: a JSON array", content: { "application/json": { schema: { type: "array" } } } },
  csv: { status: "2XX", description: "A CSV download (UTF-8)", content: { "text/csv": { schema: { type: "string" } } } },
  pdf: { status: "2XX", description: "A PDF", content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } } },
  xml: { status: "2XX", description: "An XML document", content: { "application/xml": { schema: { type: "string" } } } },
  rss: { status: "2XX", description: "An RSS 2.0 feed", content: { "application/rss+xml": { schema: { type: "string" } } } },
  text: { status: "2XX", description: "Plain text", content: { "text/plain": { schema: { type: "string" } } } },
  manifest: { status: "2XX", description: "A web app manifest", content: { "application/manifest+json": { schema: { type: "object" } } } },
  png: { status: "2XX", description: "A PNG image", content: { "image/png": { schema: { type: "string", contentMediaType: "image/png" } } } },
  mp4: {
    status: "2XX",
    description: "An MP4 video (206 with a Range request)",
    content: { "video/mp4": { schema: { type: "string", contentMediaType: "video/mp4" } } },
  },
  webp: { status: "2XX", description: "A WebP image", content: { "image/webp": { schema: { type: "string", contentMediaType: "image/webp" } } } },
  calendar: { status: "2XX", description: "An iCalendar feed (RFC 5545)", content: { "text/calendar": { schema: { type: "string" } } } },
  redirect: { status: "3XX", description: "A redirect (Location header)" },
};

function limitsText(endpoint: AnyEndpoint): string | undefined {
  if (!endpoint.limits?.length) return undefined;
  const each = endpoint.limits.map((l) => {
    const minutes = l.windowMs / 60_000;
    const rate =
      minutes === 1
        ? `${l.limit} a minute`
        : minutes === 60
          ? `${l.limit} an hour`
          : minutes % 60 === 0
            ? `${l.limit} per ${minutes / 60} hours`
            : `${l.limit} per ${minutes} minutes`;
    return `${rate}${l.keyBy ? "" : " per client"}${l.failuresOnly ? " (failures only)" : ""} (\`${l.name}\`)`;
  });
  return `Rate limits (times RATE_LIMIT_MULTIPLIER): ${each.join("; ")}.`;
}

/** Hand-written notes of routes (docs/http-notes.md, openapi-notes.ts), keyed by "METHOD /path/{}" (parameters unnamed). */
export type RouteNotes = ReadonlyMap<string, string>;

/** A path with every parameter unnamed, so `{id}`, `:id` and `{reference}` compare equal. */
export const unnamedParams = (path: string) => path.replace(/\{[^}]*\}/g, "{}").replace(/:[A-Za-z_][A-Za-z0-9_]*/g, "{}");

const noteOf = (notes: RouteNotes | undefined, method: string, path: string) => notes?.get(routeKey(method, unnamedParams(path)));

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  "x-access": Access;
  "x-declared": "endpoint" | "hand-written";
}

/** The first path segments naming the area: `/api/admin/billing/...` → "admin/billing". */
function tagOf(path: string): string {
  const parts = path.split("/").filter(Boolean);
  const start = parts[0] === "api" || parts[0] === "ar" ? 1 : 0;
  const first = parts[start] ?? "site";
  if (first === "admin") {
    const second = parts[start + 1];
    return second && !second.startsWith("{") && !second.includes(".") ? `admin/${second}` : first;
  }
  const name = first.replace(/\.(xml|txt|png|json)$/, "");
  return AREAS[name] ?? name;
}

/** First path segments grouped under one area of the reference. */
const AREAS: Record<string, string> = {
  login: "sign-in",
  logout: "sign-in",
  "logout-user": "sign-in",
  register: "sign-in",
  getUser: "sign-in",
  password: "sign-in",
  passkeys: "sign-in",
  "first-admin": "sign-in",
  "staff-invites": "sign-in",
  auth: "sign-in",
  healthz: "operations",
  metrics: "operations",
  openapi: "operations",
  sitemap: "site",
  robots: "site",
  "og-image": "site",
  blog: "blogs",
  "contact-us": "contact",
};

/** Responses in reading order: 2XX, 3XX, then each 4xx code before the 4XX range. */
function ordered(responses: Record<string, unknown>): Record<string, unknown> {
  const rank = (key: string) => Number(key[0]) * 1000 + (key.endsWith("XX") ? 999 : Number(key.slice(1)));
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => rank(a) - rank(b)));
}

const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join("")}`;

const shortSummary = (note: string | undefined, fallback: string) => {
  if (!note) return fallback;
  const first = note
    .split(/ → |; |\. /)[0]!
    .replace(/`/g, "")
    .trim();
  return first.length > 110 ? `${first.slice(0, 107)}...` : first;
};

function pathParameters(path: string, schema?: JsonSchema): unknown[] {
  const props = typeof schema === "object" ? ((schema.properties as Record<string, JsonSchema> | undefined) ?? {}) : {};
  return pathParamNames(path).map((name) => ({ name, in: "path", required: true, schema: props[name] ?? { type: "string" } }));
}

function endpointOperation(endpoint: AnyEndpoint, path: string, notes: RouteNotes | undefined): Operation {
  const method = endpoint.method;
  const bodyless = method === "GET" || method === "DELETE" || endpoint.noBody === true;
  const input: JsonSchema =
    typeof endpoint.input === "function"
      ? { type: "object", description: "Checked at call time against the site's settings (decision 050) or the record the path names (decision 122)." }
      : jsonSchemaOf(endpoint.input);
  const parameters: unknown[] = pathParameters(path, endpoint.params ? jsonSchemaOf(endpoint.params) : undefined);
  let requestBody: unknown;
  if (!bodyless) {
    // A raw body is taken as sent and verified over its bytes (a signed webhook): documented as the JSON it carries.
    const schema = endpoint.rawBody
      ? { type: "object", description: "Taken as its exact bytes (verified against its signature header), then read as JSON." }
      : input;
    requestBody = { required: endpoint.optionalBody !== true, content: { [endpoint.multipart ? "multipart/form-data" : "application/json"]: { schema } } };
  } else if (!endpoint.noBody && typeof input === "object" && input.properties) {
    const required = new Set((input.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(input.properties as Record<string, JsonSchema>)) {
      parameters.push({ name, in: "query", required: required.has(name), schema });
    }
  }
  const file = endpoint.produces ? ANSWERS[endpoint.produces] : undefined;
  const json = { description: "Success: a JSON object (`message` and the route's fields)", content: { "application/json": { schema: { type: "object" } } } };
  const success = !file
    ? json
    : endpoint.alsoJson
      ? { description: `${json.description}, or ${file.description.replace(/^An? /, "a ")}`, content: { ...json.content, ...file.content } }
      : { description: file.description, content: file.content };
  const responses: Record<string, unknown> = {
    "2XX": success,
    "4XX": errorAnswer("Refused: `{ message }`, with `errors: { field: message }` for invalid fields; nothing changed"),
  };
  if (endpoint.redirects) responses["3XX"] = { description: `A redirect (Location header): ${endpoint.redirects}` };
  if (!endpoint.noBody) responses["400"] = errorAnswer("Invalid input: `errors` names each field");
  if (endpoint.access !== "anyone") {
    responses["401"] = errorAnswer("Not signed in");
    if (endpoint.access !== "signed-in") responses["403"] = errorAnswer("Signed in without the access this route needs");
  }
  if (endpoint.params) responses["404"] = errorAnswer("A path parameter that names nothing");
  if (!bodyless && !endpoint.multipart) responses["415"] = errorAnswer("A body that is not application/json");
  if (endpoint.limits?.length) responses["429"] = errorAnswer("Over a rate limit");
  const note = noteOf(notes, method, path);
  const description = [`Access: ${ACCESS_TEXT[endpoint.access]}.`, limitsText(endpoint), note].filter(Boolean).join("\n\n");
  return {
    operationId: operationId(method, path),
    summary: shortSummary(note, `${method} ${path}`),
    description,
    tags: [tagOf(path)],
    security: endpoint.access === "anyone" ? [] : [{ session: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: ordered(responses),
    "x-access": endpoint.access,
    "x-declared": "endpoint",
  };
}

function handWrittenOperation(route: HandWrittenRoute, path: string, notes: RouteNotes | undefined): Operation {
  const answer = ANSWERS[route.answer ?? "json"];
  const responses: Record<string, unknown> = {
    [answer.status]: { description: answer.description, ...(answer.content ? { content: answer.content } : {}) },
    "4XX": errorAnswer("Refused: `{ message }` (a route written by hand, not yet a declared endpoint)"),
  };
  if (route.redirects) responses["3XX"] = { description: `A redirect (Location header): ${route.redirects}` };
  if (route.access !== "anyone") {
    responses["401"] = errorAnswer("Not signed in");
    if (route.access !== "signed-in") responses["403"] = errorAnswer("Signed in without the access this route needs");
  }
  const parameters = pathParameters(path);
  const note = noteOf(notes, route.method, path);
  return {
    operationId: operationId(route.method, path),
    summary: route.summary,
    description: [`Access: ${ACCESS_TEXT[route.access]}.`, "Written by hand (not yet a defineEndpoint): its input is checked in the handler.", note]
      .filter(Boolean)
      .join("\n\n"),
    tags: [tagOf(path)],
    security: route.access === "anyone" ? [] : [{ session: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(route.method === "GET" || route.method === "DELETE"
      ? {}
      : { requestBody: { required: false, content: { "application/json": { schema: { type: "object" } } } } }),
    responses: ordered(responses),
    "x-access": route.access,
    "x-declared": "hand-written",
  };
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
  "x-counts": { endpoints: number; handWritten: number; mountedNotDeclared: string[] };
}

/**
 * The document: every mounted endpoint from its declaration, every hand-written route from its
 * declared line. A mounted route that is neither is listed in `x-counts.mountedNotDeclared` (the
 * contract test fails on it) rather than dropped silently.
 */
export function openApiDocument(
  mounted: readonly MountedRoute[],
  options: { notes?: RouteNotes; handWritten?: readonly HandWrittenRoute[]; serverUrl?: string } = {},
): OpenApiDocument {
  const handWritten = new Map((options.handWritten ?? handWrittenRoutes).map((r) => [routeKey(r.method, r.path), r]));
  const paths: OpenApiDocument["paths"] = {};
  let endpoints = 0;
  let hand = 0;
  const mountedNotDeclared: string[] = [];
  const sorted = [...mounted].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = openApiPath(route.path);
    const declared = handWritten.get(routeKey(route.method, route.path));
    let operation: Operation;
    if (route.endpoint) {
      operation = endpointOperation(route.endpoint, path, options.notes);
      endpoints++;
    } else if (declared) {
      operation = handWrittenOperation(declared, path, options.notes);
      hand++;
    } else {
      mountedNotDeclared.push(routeKey(route.method, route.path));
      continue;
    }
    (paths[path] ??= {})[route.method.toLowerCase() as Lowercase<Method>] = operation;
  }
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)))].sort().map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "STEM Academy HTTP API",
      version: "1",
      description:
        "JSON in, JSON out. Every refusal is a 4xx `{ message }` (with `errors: { field: message }` for invalid fields) that changes nothing. " +
        "Messages follow Accept-Language (en or ar) or ?lang=. Writes from a browser must come from the site itself (Origin checked). " +
        "Generated from the route declarations (server/http/openapi.ts); docs/http-api.md is the same document as text.",
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: options.serverUrl ?? "/" }],
    tags,
    paths,
    components: {
      schemas: {
        Error: {
          type: "object",
          required: ["message"],
          properties: { message: { type: "string" }, errors: { type: "object", additionalProperties: { type: "string" } } },
        },
      },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "sid",
          description: "The session cookie (`__Host-sid` in production over https), set by the sign-in routes.",
        },
      },
    },
    "x-counts": { endpoints, handWritten: hand, mountedNotDeclared },
  };
}

/** GET /api/openapi.json, mounted after every other router of the API (server/app.ts), so the document sees them all. */
export function openApiRouter(notes: () => RouteNotes): Router {
  const router = expressRouter();
  router.get("/api/openapi.json", openApiRoute(notes));
  return router;
}

/** GET /api/openapi.json: the document of the app serving the request, built once per app (its routes are all mounted by then). */
export function openApiRoute(notes: () => RouteNotes): RequestHandler {
  const built = new WeakMap<object, OpenApiDocument>();
  return (req, res) => {
    let doc = built.get(req.app);
    if (!doc) {
      doc = openApiDocument(mountedRoutes(req.app), { notes: notes() });
      built.set(req.app, doc);
    }
    res.json(doc);
  };
}
