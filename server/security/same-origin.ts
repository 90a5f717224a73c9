import type { RequestHandler } from "express";
import type { Config } from "~server/config";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cookie-carrying requests that change data when the browser says they come from
 * another site (Sec-Fetch-Site) or another origin (Origin). Non-browser clients send neither.
 * `evenWithoutCookie`: pages' form posts, where a cross-site post could sign a visitor in to
 * someone else's account (login CSRF) before any cookie exists.
 */
export function sameOriginWrites(config: Config, options: { evenWithoutCookie?: boolean } = {}): RequestHandler {
  // Also the origins passkeys are accepted from (WEBAUTHN_RP_ID=localhost adds http://localhost:PORT, decision 046).
  const allowed = new Set([new URL(config.publicUrl).origin, ...(config.webauthn?.origins ?? [])]);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || (!req.headers.cookie && !options.evenWithoutCookie)) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const crossSite = site !== undefined && site !== "same-origin" && site !== "none";
    const foreignOrigin = origin !== undefined && origin !== ownOrigin && !allowed.has(origin);
    if (crossSite || foreignOrigin) {
      res.status(403).json({ message: "Cross-site requests are not allowed." });
      return;
    }
    next();
  };
}
