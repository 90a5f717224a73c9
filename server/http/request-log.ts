import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { loggableUrl, type Logger } from "~server/logger";

/** Static files are most requests and say nothing about what visitors did. */
const UNLOGGED = /^\/(?:assets|fonts|images)\//;
/** The proxy's request id (deploy/Caddyfile sets X-Request-Id to a UUID); anything else is left out of the log. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * One line per request once its response is over: method, the URL with its secrets redacted,
 * status and time, at warn for 4xx and error for 5xx. pino-http wrote the same line but built a
 * child logger per request, serialising the request to bind it; nothing used that child, and it
 * cost a third of the time of a cached JSON read (decision 039).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    logWhenDone(logger, req, res);
    next();
  };
}

/** The same line for a request answered before Express (a page cache hit). */
export function logWhenDone(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? "";
  if (UNLOGGED.test(url)) return;
  const started = performance.now();
  res.once("close", () => {
    const status = res.statusCode;
    const level = status >= 500 ? "error" : status >= 400 ? "warn" : "info";
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      { req: { ...requestId(req), method: req.method, url: loggableUrl(url) }, res: { status }, responseTime: Math.round(performance.now() - started) },
      res.writableFinished ? "request completed" : "request aborted",
    );
  });
}

/** `{ id }` when the proxy named the request: one id follows it from Caddy to whichever instance answered. */
function requestId(req: IncomingMessage): { id?: string } {
  const id = req.headers["x-request-id"];
  return typeof id === "string" && REQUEST_ID.test(id) ? { id } : {};
}
