import { createHmac } from "node:crypto";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";

export const FAMILY_CACHE_HEADER = "X-Family-Cache";

/** The opaque key of an account's offline pages: an HMAC of its id under the session secret (no id, no e-mail in a header). */
export const familyCacheKey = (secret: string, userId: number): string =>
  createHmac("sha256", secret).update(`sw-cache:${userId}`).digest("base64url").slice(0, 24);

/**
 * Marks every answer to a signed-in visitor with the key of their account (issue 45, decision 131):
 * the service worker keeps the family's pages in the cache of that key, and an answer with another
 * key or none deletes the others, so a second family signing in on the same browser never sees
 * the first one's pages. Runs after the session loader.
 */
export function familyCacheKeys(secret: string): RequestHandler {
  return (_req, res, next) => {
    // The session loader, which runs first, is the only code that sets the user: without one now
    // there is none when the headers go out, and no hook is needed (issue 40: every anonymous call).
    const user = res.locals.user as { id: number } | null | undefined;
    if (!user) return next();
    onHeaders(res, () => res.setHeader(FAMILY_CACHE_HEADER, familyCacheKey(secret, user.id)));
    next();
  };
}
