import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A response kept ready to send: its bytes as they are and compressed, with a validator. */
export interface CachedResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** The route pattern that rendered it, for the request metrics of a hit. */
  route?: string;
}

/** Headers that describe one transfer, not the content; sending sets its own. */
const PER_TRANSFER = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "etag",
  "vary",
  "set-cookie",
  "x-page-cache",
]);

/**
 * Compresses once (off the event loop, in libuv's pool) so that every later visitor gets bytes
 * that are sent as they are. Brotli at its best quality: a page is compressed once per cache
 * lifetime and sent thousands of times.
 */
export async function prepareResponse(status: number, headers: OutgoingHttpHeaders, body: Buffer): Promise<CachedResponse> {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!PER_TRANSFER.has(name.toLowerCase()) && value !== undefined) kept[name.toLowerCase()] = value;
  // Browsers keep the bytes but ask again each time; the ETag turns the answer into a 304.
  kept["cache-control"] ??= "no-cache";
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  // Weak: the same content goes out in three encodings under one validator.
  const etag = `W/"${createHash("sha256").update(String(status)).update(body).digest("base64url").slice(0, 27)}"`;
  return { status, headers: kept, etag, identity: body, gzip: gz, br };
}

/** Bytes an entry holds (its three bodies, its headers and the objects around them), for the cache's size limit. */
export function cachedSize(entry: CachedResponse): number {
  let headers = 0;
  for (const [name, value] of Object.entries(entry.headers)) headers += name.length + String(value).length;
  return entry.identity.length + entry.gzip.length + entry.br.length + headers * 2 + 1024;
}

/** The best encoding the client takes: br, then gzip, else none (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    quality.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: string) => (quality.get(name) ?? quality.get("*") ?? 0) > 0;
  return takes("br") ? "br" : takes("gzip") ? "gzip" : undefined;
}

/** True when If-None-Match names this entry (weak comparison, as RFC 9110 asks for GET). */
function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/** Sends a cached response with plain Node calls: no rendering, no copying, no compressing. */
export function sendCached(req: IncomingMessage, res: ServerResponse & { locals?: Record<string, unknown> }, entry: CachedResponse): void {
  if (res.locals) res.locals.metricsRoute = entry.route;
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value!);
  res.setHeader("etag", entry.etag);
  res.setHeader("vary", "Accept-Encoding");
  res.setHeader("x-page-cache", "hit");
  if (notModified(req, entry.etag)) {
    res.removeHeader("content-type");
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
  if (encoding) res.setHeader("content-encoding", encoding);
  res.setHeader("content-length", body.length);
  res.statusCode = entry.status;
  res.end(req.method === "HEAD" ? undefined : body);
}
