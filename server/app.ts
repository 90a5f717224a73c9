import { installDataKeys } from "./security/data-keys";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { Config } from "./config";
import type { DB } from "./db/db";
import { errorHandler, notFoundJson } from "./http/errors";
import { healthRouter } from "./http/health";
import { openApiRouter } from "./http/openapi";
import { readRouteNotes } from "./http/openapi-notes";
import { countWhenDone, metricsRouter, pageRoutePatterns, requestMetrics, requestRoute } from "./http/metrics";
import { pageCache } from "./http/page-cache";
import { precompressedAssets } from "./http/precompressed-assets";
import { privateAnswers } from "./http/private-answers";
import { familyCacheKeys } from "./http/family-cache-key";
import { logWhenDone, requestLog } from "./http/request-log";
import { securityHeaders } from "./http/security-headers";
import type { Logger } from "./logger";
import type { Tracing } from "./tracing";
import { VIDEO_MAX_BYTES } from "./storage/videos";
import { apiRouters, refundCountsByState, sharedEndpoints, SMS_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH } from "./features";
import { callerOf, collectingJar, runEndpoint, type AnyEndpoint } from "./http/endpoint";
import type { Lang } from "~/i18n/lang";
import type { AnswerOf, RunAnswer } from "~/lib/forms/form-state";
import { sameOriginWrites } from "./security/same-origin";
import { loadSession } from "./security/session";

export interface AppDeps {
  config: Config;
  db: DB;
  logger: Logger;
  /** The React Router server build; without it the app serves the API only (API tests). */
  pages?: { build: ServerBuild | (() => Promise<ServerBuild>); clientDir?: string; vite?: ViteDevServer };
  /** The process's drain (server/http/drain.ts): /healthz answers 503 while it runs. */
  drain?: { readonly draining: boolean };
  /** Trace spans (server/tracing.ts), when OTEL_EXPORTER_OTLP_ENDPOINT is set; pass `db` with its `queries` plugin. */
  tracing?: Tracing;
}

/** Per app: answers a request from the page cache before Express sets it up, or says it did not. */
const answeredBeforeExpress = new WeakMap<Express, (req: IncomingMessage, res: ServerResponse) => boolean>();

/**
 * What the HTTP server runs for each request: a cookieless GET whose page or public JSON is in
 * the cache is answered from plain Node objects, logged and counted, without Express's request
 * set-up and middleware (about five times the work of the answer itself, decision 039); everything
 * else goes to the app.
 */
export function requestListener(app: Express): RequestListener {
  const answered = answeredBeforeExpress.get(app);
  return (req, res) => {
    if (!answered?.(req, res)) app(req, res);
  };
}

/** Builds the one Express app: security headers, static assets, the JSON API and the pages. */
export function createApp({ config, db, logger, pages, drain, tracing }: AppDeps): Express {
  // Children's data at rest (decision 102): this app's keys seal and open the sensitive columns.
  installDataKeys(config.dataKeys);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  const pagePatterns = pageRoutePatterns(typeof pages?.build === "function" ? undefined : pages?.build);
  if (tracing) {
    // One span per request, named by the route pattern the metrics use (never the raw path).
    const routeOf = requestRoute(pagePatterns);
    app.use((req, res, next) => {
      tracing.request(req, res, () => routeOf(req, res));
      tracing.enter(req, next);
    });
  }

  app.use(requestLog(logger));

  app.use(requestMetrics(pagePatterns));

  // Hashed build files (scripts, styles, fonts) are not documents: the page's policy headers
  // (CSP, frame and referrer rules, ...) mean nothing on them and cost about 1 KB per file, 20 KB
  // on a page of 20 scripts (decision 028). They get the two that apply to a script or font.
  if (pages?.clientDir && !pages.vite) {
    const assetsDir = path.join(pages.clientDir, "assets");
    app.use(
      "/assets",
      (_req, res, next) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
        next();
      },
      precompressedAssets(assetsDir),
      // File names carry a content hash, so they never change: no revalidation, so no ETag either.
      express.static(assetsDir, { immutable: true, maxAge: "1y", etag: false, lastModified: false, index: false, redirect: false }),
    );
  }

  // Ready-to-send bytes for anonymous visitors (decision 021): a hit for a request without
  // cookies leaves here, before the nonce, headers, compression and session work it does not need.
  const cache = pageCache(db, pages && !pages.vite ? config.pageCacheSeconds : 0);
  answeredBeforeExpress.set(app, (req, res) =>
    cache.answerCookieless(req, res, (route) => {
      logWhenDone(logger, req, res);
      countWhenDone(req, res, () => route ?? "unmatched");
      tracing?.request(req, res, () => route ?? "unmatched");
    }),
  );
  app.use(cache.serveCookieless);
  app.use(enteredWhenMatched(metricsRouter(db, config.metricsToken, { refundCountsByState })));

  app.use(securityHeaders(config));
  // A JSON write's answer is a short message (a 409's few hundred bytes): compression's hooks on every
  // such request cost more than they save (issue 40). Pages, page form posts and every GET keep it.
  const compress = compression();
  app.use((req, res, next) => (req.method !== "GET" && req.method !== "HEAD" && req.path.startsWith("/api/") ? next() : compress(req, res, next)));

  if (pages?.vite) {
    app.use(pages.vite.middlewares);
  } else if (pages?.clientDir) {
    // /assets is served above, before the page headers. No file of the build lives under /api, so a
    // JSON read skips the file lookup (one fs.stat per request, issue 40).
    // The service worker is asked for again at every check for a new version (decision 131).
    const clientFiles = express.static(pages.clientDir, {
      maxAge: "1h",
      index: false,
      setHeaders: (res, file) => {
        if (path.basename(file) === "sw.js" && path.dirname(file) === path.resolve(pages.clientDir!)) res.setHeader("Cache-Control", "no-cache");
      },
    });
    app.use((req, res, next) => (req.path.startsWith("/api/") ? next() : clientFiles(req, res, next)));
  }

  // Upload names are random and never reused, so browsers may keep them for a year.
  app.use("/uploads", express.static(config.uploadsDir, { immutable: true, maxAge: "1y", index: false, redirect: false }), notFoundJson);
  app.use(enteredWhenMatched(healthRouter(db, drain)));
  // A NUL byte in a path or query can never name anything here, and PostgreSQL refuses it in text.
  app.use((req, res, next) => {
    if (/%00/.test(req.originalUrl)) {
      res.status(400).json({ message: "Bad request." });
      return;
    }
    next();
  });
  // Keeps what the API and the pages answer an anonymous visitor (public JSON reads and pages).
  app.use(cache.capture);
  app.use(apiStack({ config, db, logger }));

  if (pages) {
    // Pages take form posts only. express.json has already read a JSON body, and a page action
    // would wait forever for that spent stream: refuse it here instead.
    app.use(pageFormPosts(config));
    app.use(sameOriginWrites(config, { evenWithoutCookie: true }));
    app.use(cache.serveAnonymous);
    app.all(
      "/{*path}",
      createRequestHandler({
        build: pages.build,
        mode: config.isProduction ? "production" : "development",
        getLoadContext: (req, res) => ({
          db,
          config,
          cspNonce: String(res.locals.cspNonce),
          user: res.locals.user ?? null,
          sessionKind: res.locals.sessionKind ?? null,
          sessionRef: res.locals.sessionRef ?? null,
          secondFactorMissing: res.locals.secondFactorMissing === true,
          endpoints: sharedEndpoints,
          run: async <E extends AnyEndpoint>(endpoint: E, call: { input: unknown; params?: Record<string, string>; lang: Lang }) => {
            const jar = collectingJar();
            const answer = await runEndpoint({ config, db, logger }, endpoint, { ...callerOf(req, res, call.lang), cookies: jar }, call);
            // Sound: a status below 400 is `run`'s own answer (AnswerOf<E>); refusals are HttpErrors, 4xx.
            return { ...answer, ok: answer.status < 400, cookies: jar.headers } as RunAnswer<AnswerOf<E>>;
          },
        }),
      }),
    );
  } else {
    app.use(notFoundJson);
  }

  app.use(errorHandler(logger));
  return app;
}

/** Sessions, the same-origin rule, JSON bodies and every feature's API router. */
function apiStack(deps: { config: Config; db: DB; logger: Logger }): express.Router {
  const { config, db } = deps;
  const api = express.Router();
  api.use(loadSession({ db, config }));
  api.use(privateAnswers);
  api.use(familyCacheKeys(config.sessionSecret));
  api.use(sameOriginWrites(config));
  // Staff write whole blog posts in two languages; everyone else sends small forms.
  api.use("/api/admin", express.json({ limit: "1mb" }));
  // Stripe's webhook is verified over its exact bytes (decision 085): kept raw, whatever its type.
  api.use("/api/payments/stripe/webhook", express.raw({ type: () => true, limit: "256kb" }));
  // So are WhatsApp's and Twilio's (decision 127; endpoints on the raw-body transport).
  for (const path of [WHATSAPP_WEBHOOK_PATH, SMS_WEBHOOK_PATH]) api.use(path, express.raw({ type: () => true, limit: "256kb" }));
  api.use(express.json({ limit: "100kb" }));
  for (const router of apiRouters(deps)) api.use(enteredWhenMatched(router));
  // The HTTP reference, generated from the routes mounted above (decision 107).
  api.use(openApiRouter(() => readRouteNotes().byRoute));
  api.use("/api", notFoundJson);
  return api;
}

/** What enteredWhenMatched reads of a router's layers (router 2.x: `match` is pure, answering false or the match). */
type MatchingLayer = { match: (path: string) => unknown };

/**
 * A feature router, entered only when one of its own layers (a route, or middleware under a path)
 * matches the request's path. Express walks every router of the API in order, and entering one
 * costs its whole dispatch (closures, parameter and prefix handling) even when none of its routes
 * fits: with some fifty routers, that walk was a tenth of a refused booking's CPU (issue 40). A
 * router that could answer is entered exactly as before, and one with middleware for every path is
 * always entered, so which handler answers never changes. A path the matcher cannot decode (a bad
 * percent escape) enters the router, whose own dispatch answers it as before.
 */
export function enteredWhenMatched(router: express.Router): express.RequestHandler {
  const layers = (router as unknown as { stack: MatchingLayer[] }).stack;
  const entered: express.RequestHandler = (req, res, next) => {
    let matches: boolean;
    try {
      const path = req.path;
      matches = layers.some((layer) => layer.match(path) !== false);
    } catch {
      matches = true;
    }
    if (matches) router(req, res, next);
    else next();
  };
  // The OpenAPI document and the route-table tests walk nested routers through `handle.stack`.
  return Object.assign(entered, { stack: layers });
}

/** Largest form post a page takes: the public forms are small, like their JSON twins. */
const PAGE_FORM_LIMIT = 100 * 1024;

/**
 * The pages that take a file, also as React Router's `.data` post: the media library's upload form
 * (decision 034) and the portfolio's forms (a group's roster, the family's own; decision 135).
 */
const UPLOAD_PAGE = /^(?:\/ar)?\/(?:admin\/media|teaching\/sections\/\d{1,10}\/portfolio|account\/portfolio)(?:\.data)?$/;
/** The portfolio pages also take a short video (decision 144): their limit is the video's when larger. */
const uploadLimitOf = (config: Config, path: string) =>
  path.includes("/portfolio") ? Math.max(config.maxUploadBytes, VIDEO_MAX_BYTES) : config.maxUploadBytes;

/**
 * Pages take browser form posts only (url-encoded, with a length). express.json has already
 * read a JSON body, and a page action would wait forever for that spent stream; an endless or
 * huge body would be read whole by the action. The media library page also takes one image
 * (multipart, at most MAX_UPLOAD_BYTES and its few fields).
 */
const pageFormPosts =
  (config: Config): express.RequestHandler =>
  (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const upload = UPLOAD_PAGE.test(req.path) && Boolean(req.is("multipart/form-data"));
    if (!upload && !req.is("application/x-www-form-urlencoded")) {
      res.status(415).json({ message: "Unsupported content type." });
      return;
    }
    const length = Number(req.get("content-length"));
    if (!Number.isFinite(length) || req.get("content-length") === undefined) {
      res.status(411).json({ message: "A form post needs a Content-Length." });
      return;
    }
    const uploadLimit = uploadLimitOf(config, req.path);
    if (length > (upload ? uploadLimit + PAGE_FORM_LIMIT : PAGE_FORM_LIMIT)) {
      if (upload && length <= 4 * uploadLimit && !req.path.endsWith(".data") && req.accepts(["json", "html"]) === "html") {
        // An image too large, posted without JavaScript: the browser shows nothing until it has
        // sent the whole body, so take it (never stored, at most four times the limit) and send the
        // page back, which says why.
        req.once("end", () => res.redirect(303, `${req.path}?upload=too-large${req.path.endsWith("/media") ? "#media-upload-title" : ""}`));
        req.resume();
        return;
      }
      res.status(413).json({ message: "The request body is too large." });
      return;
    }
    next();
  };
