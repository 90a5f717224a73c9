/**
 * A URL that is safe to put in an `src`/`href` taken from stored content: an absolute http(s)
 * URL, or a path into the site's own /uploads/ or /images/ folders. Anything else (javascript:,
 * data:, protocol-relative //host, odd characters) gives undefined, so the caller drops it.
 */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  // Whitespace, control characters, quotes, angle brackets and backslashes have no place in a
  // URL we store; browsers strip some of them, which is how javascript: filters get bypassed.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (text === "" || text.length > 2000 || /[\s\u0000-\u001f\u007f"'<>\\`]/.test(text)) return undefined;
  if (/^\/(uploads|images)\/[^/]/.test(text)) return text;
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An absolute URL for a safe site path or http(s) URL (Open Graph, JSON-LD, feeds need them). */
export function absoluteUrl(publicUrl: string, value: unknown): string | undefined {
  const safe = safeUrl(value);
  if (!safe) return undefined;
  return safe.startsWith("/") ? publicUrl + safe : safe;
}
