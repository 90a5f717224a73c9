import type { ErrorRequestHandler, RequestHandler } from "express";
import { loggableUrl, type Logger } from "~server/logger";

// The production build holds two copies of this module (the server's and the pages' bundle): a
// refusal thrown by an endpoint in one must still be recognised by `instanceof` in the other.
const BRAND = Symbol.for("stem-academy.HttpError");

/** An error whose message is safe to show to the client, with its HTTP status. */
export class HttpError extends Error {
  readonly [BRAND] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** An HttpError from either copy of this module (HttpError's own `instanceof` reads the brand). */
export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;

export const notFoundJson: RequestHandler = (_req, res) => {
  res.status(404).json({ message: "Not found." });
};

/** Every failure leaves as JSON `{ message }` with the right status, never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof HttpError) {
      res.status(err.status).json({ message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
      return;
    }
    // body-parser and friends mark client errors with a 4xx status.
    const status = typeof err?.status === "number" ? err.status : typeof err?.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        err.type === "entity.too.large"
          ? "The request body is too large."
          : err.type === "entity.parse.failed"
            ? "The request body is not valid JSON."
            : status === 415
              ? "Unsupported content type."
              : "Bad request.";
      res.status(status).json({ message });
      return;
    }
    logger.error({ err, url: loggableUrl(req.originalUrl) }, "request failed");
    res.status(500).json({ message: "Something went wrong on our side. Please try again later." });
  };
}
