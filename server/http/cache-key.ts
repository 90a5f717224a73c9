/**
 * Which requests the page cache may hold, and under what key (decision 040).
 *
 * Every test here reads the path as the router matches it: percent-decoded, case folded, repeated
 * slashes collapsed, without React Router's `.data` suffix. A spelling the router treats as a
 * private page (`/Courses/x/BookDemoClass`, `/courses/x/bookdemoclass.data`) is private here too.
 *
 * The key is the path as sent and only the query parameters some cacheable page or public JSON
 * read, sorted: an unknown parameter never makes a new entry. Tracking parameters that no page
 * reads (utm_*, fbclid, ...) are left out of the key, so a visitor from a campaign link gets the
 * cached page; a render for such a URL is never stored (its HTML could echo the tag).
 */

export type CacheKind = "page" | "json";

/** Pages that are personal or change with every booking: never stored, never served from the cache. */
const NEVER = /^(?:\/ar)?\/(?:admin|login|signup|forgot-password|reset-password|auth|booking|blog-preview|account)(?:\/|$)|\/bookdemoclass(?:\/|$)/;
/** Public JSON reads that change only with staff edits (and, for posts, a publish date passing). */
const PUBLIC_JSON = /^\/(?:api\/blogs(?:\/[^/]+)?|admin\/course-dashboard\/all-courses)$/;
/** What else never holds a page: the API, files, probes. */
const NOT_PAGES = /^\/(?:api|assets|uploads|fonts|images|healthz|metrics)(?:\/|$)/;

/**
 * Query parameters that a cacheable page or public JSON read reads (grep `searchParams.get` and
 * `req.query` when adding one; a page reading a parameter missing here is simply never cached
 * with it): lists' `page` and `limit`, the JSON `lang`, the catalogue's `age` and `childAge`, the
 * camp form's `camp`, the camp page's `brochure` and `curriculum`, a form's `notice`, and React
 * Router's own `_routes` and `index`.
 */
const CONTENT_PARAMS = new Set(["page", "limit", "lang", "age", "childAge", "camp", "notice", "brochure", "curriculum", "_routes", "index"]);
/** Added by ad and mail platforms; no page reads them. */
const TRACKING_PARAMS = /^(?:utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|ttclid|twclid|igshid|mc_cid|mc_eid|_gl|_ga)$/i;

const MAX_PATH = 300;
const MAX_VALUE = 200;

export interface CacheKey {
  kind: CacheKind;
  /** The path and the content parameters, sorted. */
  url: string;
  /** False when tracking parameters were left out: serve this key, but never store the render. */
  storable: boolean;
}

/** The router's reading of a path, for the never-cache rules; undefined when it cannot be decoded. */
export function routedPath(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const folded = decoded.toLowerCase().replace(/\/{2,}/g, "/");
  const withoutData = folded.endsWith(".data") ? folded.slice(0, -".data".length) : folded;
  return withoutData.length > 1 && withoutData.endsWith("/") ? withoutData.slice(0, -1) : withoutData;
}

/**
 * The cache key of a GET or HEAD, or undefined when the request is never cached: another method,
 * a private or non-page path, an unknown query parameter, a repeated one, or an oversized one.
 * `remembersArabic`: the bare home page (and its data) depends on the remembered language.
 */
export function cacheKey(method: string | undefined, rawUrl: string, remembersArabic: boolean): CacheKey | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  const queryAt = rawUrl.indexOf("?");
  const path = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  if (path.length > MAX_PATH) return undefined;
  const routed = routedPath(path);
  if (routed === undefined) return undefined;
  let kind: CacheKind;
  if (PUBLIC_JSON.test(routed)) kind = "json";
  else if (NOT_PAGES.test(routed) || NEVER.test(routed) || ((routed === "/" || routed === "/_root") && remembersArabic)) return undefined;
  else kind = "page";

  if (queryAt < 0) return { kind, url: path, storable: true };
  const kept: [string, string][] = [];
  let storable = true;
  for (const [name, value] of new URLSearchParams(rawUrl.slice(queryAt + 1))) {
    if (TRACKING_PARAMS.test(name)) {
      storable = false;
      continue;
    }
    if (!CONTENT_PARAMS.has(name) || value.length > MAX_VALUE || kept.some(([other]) => other === name)) return undefined;
    kept.push([name, value]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return { kind, url: query ? `${path}?${query}` : path, storable };
}
