import { once } from "node:events";
import { serialize, type SerializeOptions } from "cookie";
import type { CookieOptions, Request, RequestHandler, Response, Router } from "express";
import { Router as expressRouter } from "express";
import type { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { isStaffRole, isTeachingRole } from "~/lib/roles";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { requestLang, serverT } from "~server/i18n";
import type { Logger } from "~server/logger";
import { consumeLimit, type LimitSpec } from "~server/security/rate-limit";
import type { SessionUser } from "~server/security/session";
import { HttpError, isHttpError } from "./errors";
import { parseInput } from "./validate";

/** What every endpoint may use: the database, the settings and the log. */
export interface EndpointDeps {
  config: Config;
  db: DB;
  logger: Logger;
}

/** Cookies an endpoint sets or clears, as Express's res.cookie takes them. */
export interface CookieJar {
  set(name: string, value: string, options: CookieOptions): void;
  clear(name: string, options: CookieOptions): void;
}

/**
 * Who is calling and from where, the same whether the call came as JSON or as a page's form post:
 * the client address (as resolved under TRUST_PROXY), the language to answer in, the session.
 */
export interface Caller {
  ip: string;
  lang: Lang;
  user: SessionUser | null;
  sessionKind: string | null;
  sessionRef: string | null;
  secondFactorMissing: boolean;
  /** The address as requested, path and query (`/account/invoices/7/pdf`): where a signed-out visitor comes back to. */
  url: string;
  /** A request header: cookie, user-agent, origin. */
  header(name: string): string | undefined;
  cookies: CookieJar;
}

/** Who may call an endpoint. Staff and admin also need the second factor the academy requires (decision 046). */
/** Who may call: `teaching` is staff and instructors (an instructor then only for their own groups: assertTeaches). */
export type Access = "anyone" | "signed-in" | "teaching" | "staff" | "admin";

/** What an endpoint answers: a status and a JSON body (`message`, field `errors`, anything else). */
export interface EndpointAnswer {
  status: number;
  body: { message?: string; errors?: Record<string, string>; [key: string]: unknown };
  /** Headers of this answer (Retry-After on a 429 of the endpoint's own budget). */
  headers?: Record<string, string>;
}

/** The kinds of file an endpoint may answer, each with its content type (OpenAPI documents it from `produces`). */
export const FILE_TYPES = {
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
  calendar: "text/calendar; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  rss: "application/rss+xml; charset=utf-8",
  text: "text/plain; charset=utf-8",
  png: "image/png",
  /** A photo of the media pipeline served through its access check (decision 135). */
  webp: "image/webp",
  /** A portfolio video served through its access check, in ranges (decision 144). */
  mp4: "video/mp4",
  json: "application/json; charset=utf-8",
  /** A web app manifest (issue 45). */
  manifest: "application/manifest+json; charset=utf-8",
  /** A JSON array (a public list the specification gives as one, `/api/blogs`). */
  "json-array": "application/json; charset=utf-8",
} as const;
export type FileKind = keyof typeof FILE_TYPES;

/**
 * A file instead of JSON (a CSV, a PDF, a calendar, a feed, a picture): its kind gives the content
 * type. `filename` makes it a download (`attachment`) or, with `inline`, names what the browser
 * shows. A body given as an async iterable is streamed, waiting when the client reads slowly, so a
 * large export never sits in memory. Refusals stay JSON answers.
 */
export interface FileAnswer {
  status: number;
  file: {
    kind: FileKind;
    body: string | Uint8Array | AsyncIterable<string>;
    filename?: string;
    inline?: boolean;
    /**
     * Cache-Control; `no-store` unless given (files are mostly private). `null` sets none, as a
     * JSON answer sets none: a public read the page cache may keep (server/http/page-cache.ts).
     */
    cacheControl?: string | null;
    /** Other headers (X-Robots-Tag, X-Total-Count). */
    headers?: Record<string, string>;
    /** Answer a Range request with 206 and the part asked for (a phone's video player asks in ranges). */
    ranges?: boolean;
  };
}

/** A redirect (a signed-out visitor sent to sign in and back); the endpoint says why in `redirects`. */
export interface RedirectAnswer {
  status: 302 | 303;
  location: string;
}

/** Any answer; a JSON answer when the endpoint declares no `produces`. */
export type AnyAnswer = EndpointAnswer | FileAnswer | RedirectAnswer;

export const isFileAnswer = (answer: AnyAnswer): answer is FileAnswer => "file" in answer;

/**
 * An endpoint's declared output: the JSON body its `run` answers, as TypeScript infers it from
 * `run` (a file or a redirect has none). A page that runs the endpoint in process reads it typed.
 */
export type OutputOf<R> = R extends { body: infer B } ? B : never;

/** A file answer, 200 unless told. */
export function fileAnswer(
  kind: FileKind,
  body: FileAnswer["file"]["body"],
  options: Omit<FileAnswer["file"], "kind" | "body"> & { status?: number } = {},
): FileAnswer {
  const { status = 200, ...rest } = options;
  return { status, file: { kind, body, ...rest } };
}

/** A caller an endpoint's access has admitted: signed in for every access but `anyone`, so `run` needs no `caller.user!`. */
export type SignedInCaller = Caller & { user: SessionUser };
const isSignedIn = (caller: Caller): caller is SignedInCaller => caller.user !== null;
export type CallerFor<A extends Access> = Access extends A ? Caller : A extends "anyone" ? Caller : SignedInCaller;

/**
 * An endpoint's declaration. `L` is what its `load` step answers (undefined without one): the record
 * or settings its input and `run` both depend on. Left out, it is any: a holder of endpoints of
 * every kind (a route list, a page's runner) does not know what each one loads, and `loaded` is
 * both given and taken, so no narrower type would hold them all.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the default of holders, never of a declaration (defineEndpoint's is undefined)
export interface Endpoint<S extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType, R extends AnyAnswer = EndpointAnswer, L = any> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The documented JSON route (Express syntax: `/api/admin/media/:id`). */
  path: string;
  access: Access;
  /** A file endpoint: the kind of file a 2xx carries (`run` then returns `fileAnswer(...)`); JSON otherwise. */
  produces?: FileKind;
  /** With `produces`: a 2xx may also be a JSON object, chosen per call (an admin list: JSON, or the file with `?format=csv`). */
  alsoJson?: true;
  /** When it may answer a redirect (a RedirectAnswer): why, for the reference. */
  redirects?: string;
  /** The 401's locale key for a signed-out caller, where the documented answer has its own words. */
  signedOut?: { ns: string; key: string };
  /** A POST that takes nothing (sign-out, a link by e-mail, an action named by its path): JSON clients may send it without a body, and any body is ignored. */
  noBody?: true;
  /**
   * A multipart upload instead of JSON: `receive` reads the body (multer, in memory, with its own
   * limits and refusals) after the access check, and the input is the text fields with the file
   * field as `{ bytes, type, name }` (absent when none was sent), as a page's form post gives it.
   */
  multipart?: { file: string; receive: (deps: EndpointDeps) => RequestHandler };
  /**
   * The body's exact bytes instead of JSON (a provider's webhook, verified over what was signed):
   * the input is `{ bytes, json }`, the bytes as received (empty when none) and whether they were
   * sent as application/json. server/app.ts keeps the body raw on its path.
   */
  rawBody?: true;
  /** A POST whose JSON body may be left out: sent as anything but JSON, its input is `{}` (a passkey ceremony's options). */
  optionalBody?: true;
  /**
   * What the input and `run` both need before the body is read (decision 159): the record the path
   * names, the site's settings, the check that the caller teaches the group. Run once per call,
   * after the limits and before the input; it may refuse (throw an HttpError: 404 for no such
   * record, 403 for another instructor's group), so that refusal comes before any 400 about the
   * body. What it returns is `loaded` in the input function and in `run`.
   */
  load?(deps: EndpointDeps, caller: Caller, params: z.output<P>): Promise<L>;
  /**
   * The input: the JSON body, or the query string for GET and DELETE. A function when the rule
   * depends on the site's settings (a phone number of the academy's country) or on a choice posted
   * with it (the country code chosen beside a phone field), or on the record the path names (a
   * draft holds that record's fields): it gives the schema per call, from the raw input, the
   * parsed path parameters and what `load` read, and may refuse (throw an HttpError) before any
   * input is read.
   */
  input: S | ((deps: EndpointDeps, raw: unknown, call: { params: z.output<P>; lang: Lang; loaded: L }) => Promise<S>);
  /** Path parameters; one that does not parse answers 404. */
  params?: P;
  /** The 404's locale key when a path parameter does not parse (else "Not found."). */
  notFound?: { ns: string; key: string };
  /** Rate limits, checked in order before the input is read (decision 048). */
  limits?: readonly LimitSpec[];
  /**
   * A family route (issue 45 item 3, decision 139): the part of the family the caller's guardian
   * role must open, and its check (familyEndpoint in app/features/family), run after `access` and
   * before the limits and the input.
   */
  family?: { part: string; check: (deps: EndpointDeps, caller: SignedInCaller) => Promise<void> };
  run(call: { deps: EndpointDeps; caller: Caller; params: z.output<P>; loaded: L }, input: z.output<S>): Promise<R>;
}

/**
 * An endpoint as declared: `load` and `run` see the caller its access admits (signed in unless
 * "anyone"). Declare `load` before `input` and `run`, so TypeScript knows `loaded` in them.
 */
export type EndpointDeclaration<S extends z.ZodType, P extends z.ZodType, A extends Access, R extends AnyAnswer, L = undefined> = Omit<
  Endpoint<S, P, R, L>,
  "access" | "load" | "run"
> & {
  access: A;
  load?(deps: EndpointDeps, caller: CallerFor<A>, params: z.output<P>): Promise<L>;
  run(call: { deps: EndpointDeps; caller: CallerFor<A>; params: z.output<P>; loaded: L }, input: z.output<S>): Promise<R>;
};

/** Any declared endpoint, JSON or file, as the transports and the OpenAPI document take them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the list holds endpoints of every input and parameter schema
export type AnyEndpoint = Endpoint<any, any, AnyAnswer>;

/** Declares an endpoint once: its route, who may call it, its limits, what it loads, its input and what it does. */
export function defineEndpoint<
  S extends z.ZodType,
  P extends z.ZodType = z.ZodType<Record<string, never>>,
  A extends Access = Access,
  R extends AnyAnswer = EndpointAnswer,
  L = undefined,
>(endpoint: EndpointDeclaration<S, P, A, R, L>): Endpoint<S, P, R, L> {
  // Sound: runEndpoint checks the access before `load` and `run`, so a caller reaching them is what CallerFor<A> says.
  return endpoint as Endpoint<S, P, R, L>;
}

const SECOND_FACTOR_FIRST =
  "Set up a second factor (a passkey or an authenticator app) on your account's security page (/account/security) before using the staff area.";

/**
 * Refuses a caller the endpoint's access does not admit: 401 signed out, 403 otherwise. The one
 * guard of the site: endpoints, the Express routers still written by hand (`accessGuard`) and the
 * staff pages (`requireAdminPage`, which turns a 401 into the sign-in page) all ask it.
 */
export function checkAccess(
  access: Access,
  caller: Pick<Caller, "user" | "secondFactorMissing"> & { lang?: Lang },
  signedOut?: { ns: string; key: string },
): void {
  if (access === "anyone") return;
  if (!caller.user) throw new HttpError(401, signedOut ? serverT(caller.lang ?? "en", signedOut.ns, signedOut.key) : "Please sign in first.");
  if (access === "signed-in") return;
  if (access === "teaching" && !isTeachingRole(caller.user.role)) throw new HttpError(403, "This area is for staff and instructors only.");
  if (access === "staff" && !isStaffRole(caller.user.role)) throw new HttpError(403, "This area is for staff only.");
  if (access === "admin" && caller.user.role !== "admin") throw new HttpError(403, "This part of the staff area is for administrators only.");
  if (caller.secondFactorMissing) throw new HttpError(403, SECOND_FACTOR_FIRST);
}

/**
 * Runs an endpoint for a caller, whatever the transport: access, the family's part, the path
 * parameters, the limits, then `load`, then the input through the endpoint's schema, then its
 * function. Refusals come back as answers, never throws.
 */
export async function runEndpoint<S extends z.ZodType, P extends z.ZodType, R extends AnyAnswer, L>(
  deps: EndpointDeps,
  endpoint: Endpoint<S, P, R, L>,
  caller: Caller,
  raw: { input: unknown; params?: Record<string, string> },
): Promise<R | EndpointAnswer> {
  try {
    checkAccess(endpoint.access, caller, endpoint.signedOut);
    // A family endpoint's access is signed-in (familyEndpoint), so checkAccess has admitted only a caller with an account.
    if (endpoint.family && isSignedIn(caller)) await endpoint.family.check(deps, caller);
    let params = {} as z.output<P>;
    if (endpoint.params) {
      const parsed = endpoint.params.safeParse(raw.params ?? {});
      if (!parsed.success) throw new HttpError(404, endpoint.notFound ? serverT(caller.lang, endpoint.notFound.ns, endpoint.notFound.key) : "Not found.");
      params = parsed.data;
    }
    // Limits count before the input is read, as a refused input is a try too.
    const spent: Array<() => Promise<void>> = [];
    for (const limit of endpoint.limits ?? []) {
      const outcome = await consumeLimit(deps, limit, caller, raw.input);
      if (!outcome.allowed) throw new HttpError(429, serverT(caller.lang, limit.message?.ns ?? "validation", limit.message?.key ?? "tooManyRequests"));
      if (outcome.refund) spent.push(outcome.refund);
    }
    // What the input and run depend on, after the limits (a refusal here is a try too) and before the input (its 403 or 404 comes first).
    // Sound: an endpoint declared without `load` has L = undefined (defineEndpoint's default).
    const loaded = endpoint.load ? await endpoint.load(deps, caller, params) : (undefined as L);
    const schema = typeof endpoint.input === "function" ? await endpoint.input(deps, raw.input, { params, lang: caller.lang, loaded }) : endpoint.input;
    const input = parseInput(schema, raw.input, caller.lang);
    const answer = await endpoint.run({ deps, caller, params, loaded }, input);
    // A limit that counts failures only gives its try back when the call succeeded.
    if (answer.status < 400) for (const refund of spent) await refund();
    return answer;
  } catch (error) {
    if (isHttpError(error)) return { status: error.status, body: { message: error.message, ...(error.errors ? { errors: error.errors } : {}) } };
    throw error;
  }
}

/**
 * checkAccess as Express middleware, for a whole path prefix (a 401 for any path under it, even one
 * no endpoint serves); its answers, refusals included, are personal as an endpoint's are.
 */
export function accessGuard(access: Access, signedOut?: { ns: string; key: string }): RequestHandler {
  return (req, res, next) => {
    if (access !== "anyone") res.set("Cache-Control", "private, no-store");
    try {
      checkAccess(
        access,
        {
          user: (res.locals.user as SessionUser | null | undefined) ?? null,
          secondFactorMissing: res.locals.secondFactorMissing === true,
          lang: requestLang(req),
        },
        signedOut,
      );
      next();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      res.status(error.status).json({ message: error.message });
    }
  };
}

/** The caller behind an Express request, its cookies set on the response. */
export function callerOf(req: Request, res: Response, lang: Lang = requestLang(req)): Caller {
  return {
    ip: req.ip ?? "",
    lang,
    user: (res.locals.user as SessionUser | null | undefined) ?? null,
    sessionKind: (res.locals.sessionKind as string | null | undefined) ?? null,
    sessionRef: (res.locals.sessionRef as string | null | undefined) ?? null,
    secondFactorMissing: res.locals.secondFactorMissing === true,
    url: req.originalUrl,
    header: (name) => req.get(name),
    cookies: {
      set: (name, value, options) => void res.cookie(name, value, options),
      clear: (name, options) => void res.clearCookie(name, options),
    },
  };
}

/** A cookie jar that writes Set-Cookie values, as Express's res.cookie and res.clearCookie would. */
export function collectingJar(): CookieJar & { headers: string[] } {
  const headers: string[] = [];
  const options = (given: CookieOptions): SerializeOptions => {
    const { maxAge, signed: _signed, encode: _encode, ...rest } = given;
    return {
      path: "/",
      ...rest,
      ...(maxAge !== undefined ? { expires: new Date(Date.now() + maxAge), maxAge: Math.floor(maxAge / 1000) } : {}),
    } as SerializeOptions;
  };
  return {
    headers,
    set: (name, value, given) => void headers.push(serialize(name, value, options(given))),
    clear: (name, given) => {
      const { maxAge: _maxAge, expires: _expires, ...rest } = given;
      headers.push(serialize(name, "", options({ ...rest, expires: new Date(1) })));
    },
  };
}

/** The declaration behind each route handler jsonRoutes mounts: the OpenAPI document (openapi.ts) reads the app's router stack through it. */
const declarations = new WeakMap<object, AnyEndpoint>();

/** The endpoint a mounted route handler serves, when jsonRoutes mounted it. */
export function declaredEndpoint(handler: unknown): AnyEndpoint | undefined {
  return typeof handler === "function" ? declarations.get(handler) : undefined;
}

/** Writes an answer to the response: JSON, a redirect, or a file (streamed when its body is an async iterable). */
export async function sendAnswer(res: Response, answer: AnyAnswer): Promise<void> {
  if ("location" in answer) {
    // A redirect from a signed link or for a signed-out visitor: nobody's cache keeps it.
    res.set("Cache-Control", "private, no-store").redirect(answer.status, answer.location);
    return;
  }
  if (!isFileAnswer(answer)) {
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.set(name, value);
    res.status(answer.status).json(answer.body);
    return;
  }
  const { kind, body, filename, inline, cacheControl, headers, ranges } = answer.file;
  res.status(answer.status).type(FILE_TYPES[kind]);
  if (cacheControl !== null) res.set("Cache-Control", cacheControl ?? "no-store");
  if (filename) res.set("Content-Disposition", `${inline ? "inline" : "attachment"}; filename="${filename.replace(/[^\w.-]+/g, "-")}"`);
  for (const [name, value] of Object.entries(headers ?? {})) res.set(name, value);
  if (ranges && body instanceof Uint8Array && answer.status === 200) {
    sendRange(res, body);
    return;
  }
  if (typeof body === "string" || body instanceof Uint8Array) {
    res.send(typeof body === "string" ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    return;
  }
  for await (const chunk of body) if (!res.write(chunk)) await once(res, "drain");
  res.end();
}

/** The bytes whole, or the one range a Range header asks for (206; 416 beyond the end). Several ranges at once get the whole file. */
function sendRange(res: Response, body: Uint8Array): void {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  res.set("Accept-Ranges", "bytes");
  const asked = res.req.headers.range ? res.req.range(bytes.byteLength, { combine: true }) : undefined;
  if (asked === -1) {
    res
      .status(416)
      .set("Content-Range", `bytes */${bytes.byteLength}`)
      .type("application/json")
      .send(JSON.stringify({ message: "Range Not Satisfiable" }));
    return;
  }
  if (Array.isArray(asked) && asked.type === "bytes" && asked.length === 1) {
    const { start, end } = asked[0]!;
    res.status(206).set("Content-Range", `bytes ${start}-${end}/${bytes.byteLength}`);
    res.send(bytes.subarray(start, end + 1));
    return;
  }
  res.send(bytes);
}

/**
 * An endpoint for signed-in callers answers about someone (their classes, their family, a refusal
 * naming what they may not do): no cache keeps it, whatever the answer. Set before the access check
 * so a 401 or 403 carries it too. Public endpoints choose their own caching.
 */
function markPersonal(endpoint: AnyEndpoint, res: Response): void {
  if (endpoint.access !== "anyone") res.set("Cache-Control", "private, no-store");
}

/** A multipart endpoint's handlers: who may call before the body is read, then the receiver, then the endpoint. */
function multipartRoute(deps: EndpointDeps, endpoint: AnyEndpoint, multipart: NonNullable<AnyEndpoint["multipart"]>): RequestHandler[] {
  const guard: RequestHandler = (req, res, next) => {
    markPersonal(endpoint, res);
    checkAccess(endpoint.access, callerOf(req, res), endpoint.signedOut);
    next();
  };
  const handler: RequestHandler = async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const file = req.file ? { bytes: req.file.buffer, type: req.file.mimetype, name: req.file.originalname } : undefined;
    const answer = await runEndpoint(deps, endpoint, callerOf(req, res), {
      input: { ...fields, [multipart.file]: file },
      params: req.params as Record<string, string>,
    });
    await sendAnswer(res, answer);
  };
  declarations.set(handler, endpoint);
  return [guard, multipart.receive(deps), handler];
}

/** A raw-body endpoint's handler: the bytes as received (express.raw in server/app.ts), never parsed as JSON. */
function rawBodyRoute(deps: EndpointDeps, endpoint: AnyEndpoint): RequestHandler {
  const handler: RequestHandler = async (req, res) => {
    markPersonal(endpoint, res);
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const answer = await runEndpoint(deps, endpoint, callerOf(req, res), {
      input: { bytes, json: Boolean(req.is("application/json")) },
      params: req.params as Record<string, string>,
    });
    await sendAnswer(res, answer);
  };
  declarations.set(handler, endpoint);
  return handler;
}

/** The JSON transport: each endpoint as its documented route. */
export function jsonRoutes(deps: EndpointDeps, endpoints: readonly AnyEndpoint[]): Router {
  const router = expressRouter();
  for (const endpoint of endpoints) {
    const method = endpoint.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
    if (endpoint.multipart) {
      router[method](endpoint.path, ...multipartRoute(deps, endpoint, endpoint.multipart));
      continue;
    }
    if (endpoint.rawBody) {
      router[method](endpoint.path, rawBodyRoute(deps, endpoint));
      continue;
    }
    const handler: RequestHandler = async (req, res) => {
      markPersonal(endpoint, res);
      const caller = callerOf(req, res);
      // Who may call comes before what was sent: a signed-out caller hears 401 whatever the body.
      checkAccess(endpoint.access, caller, endpoint.signedOut);
      const bodyless =
        endpoint.method === "GET" ||
        endpoint.method === "DELETE" ||
        endpoint.noBody === true ||
        (endpoint.optionalBody === true && !req.is("application/json"));
      if (!bodyless && !req.is("application/json")) throw new HttpError(415, "Send the data as application/json.");
      if (!bodyless && (req.body === null || typeof req.body !== "object" || Array.isArray(req.body)))
        throw new HttpError(400, "The request body must be a JSON object.");
      const input = endpoint.noBody || (bodyless && endpoint.optionalBody) ? {} : bodyless ? req.query : req.body;
      const answer = await runEndpoint(deps, endpoint, caller, { input, params: req.params as Record<string, string> });
      await sendAnswer(res, answer);
    };
    declarations.set(handler, endpoint);
    router[method](endpoint.path, handler);
  }
  return router;
}
