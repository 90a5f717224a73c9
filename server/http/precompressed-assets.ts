import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { preferredEncoding } from "./cached-response";

/**
 * Points a request for a hashed asset at its build-time brotli or gzip copy (written by
 * scripts/vite-precompress.ts) when the client takes that encoding; express.static then sends the
 * file. Assets without a copy fall through to the compression middleware.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  const files = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const variants = { br: `${name}.br`, gzip: `${name}.gz` };
    if (!files.has(variants.br) && !files.has(variants.gzip)) return next();
    res.vary("Accept-Encoding");
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    if (!encoding || !files.has(variants[encoding])) return next();
    // Set before express.static, which keeps a Content-Type already there, and before
    // compression, which leaves an already encoded body alone.
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding);
    req.url = `/${variants[encoding]}`;
    next();
  };
}
