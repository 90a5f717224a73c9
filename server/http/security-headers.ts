import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import onHeaders from "on-headers";
import type { Config } from "~server/config";

const noop = () => {};
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * The policy headers (decision 154). Pages (and any /api answer that is a file a browser may show,
 * an inline PDF) get helmet's document set with the page's Content-Security-Policy; a page's
 * policy lets its inline hydration scripts run by a fresh nonce. A JSON answer is data, not a
 * document: it gets the headers that still mean something for it (no sniffing, same-origin
 * resource and referrer policy, a policy that loads and frames nothing, HSTS on https), about
 * 300 bytes instead of 900 on every read, and no nonce or policy built per request. Which set
 * an /api answer gets is decided when its headers go out, by its Content-Type.
 */
export function securityHeaders(config: Config): RequestHandler {
  const hsts = config.isProduction && config.publicUrl.startsWith("https:");
  const documents = (scripts: (string | ((req: IncomingMessage, res: ServerResponse) => string))[]) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "script-src": scripts,
          // Lenis and react-toastify set inline styles; styles cannot run code.
          "style-src": ["'self'", "'unsafe-inline'"],
          // An S3 bucket served over plain http (a MinIO on the local network) must be allowed by name.
          "img-src": ["'self'", "data:", "blob:", "https:", ...(config.s3 ? [new URL(config.s3.publicUrl).origin] : [])],
          "connect-src": ["'self'", ...(config.isProduction ? [] : ["ws:"])],
          // The payment page's form is answered with a redirect to the provider's hosted checkout (decision 085).
          "form-action": [
            "'self'",
            "https://accounts.google.com",
            ...(config.stripe ? [config.stripe.apiUrl ? new URL(config.stripe.apiUrl).origin : "https://checkout.stripe.com"] : []),
          ],
          "upgrade-insecure-requests": config.isProduction && config.publicUrl.startsWith("https:") ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Not helmet's "no-referrer": under it browsers send `Origin: null` on the site's own form
      // posts (no JavaScript, issue 14), which React Router's action guard and our origin check
      // refuse. "same-origin" still keeps every URL (booking references) from other sites.
      referrerPolicy: { policy: "same-origin" },
      strictTransportSecurity: hsts,
    });
  // A fresh nonce per page lets React Router's inline hydration scripts pass the CSP.
  const pages = documents(["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`]);
  // A file answer has no inline script to allow.
  const files = documents(["'self'"]);
  const data = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { "default-src": ["'none'"], "frame-ancestors": ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: hsts,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    // frame-ancestors 'none' above says it for every browser that reads a policy.
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (req, res, next) => {
    if (!req.path.startsWith("/api/")) {
      res.locals.cspNonce = randomBytes(16).toString("base64");
      pages(req, res, next);
      return;
    }
    onHeaders(res, () => {
      const type = res.getHeader("content-type");
      // No body (204, a redirect) is data too: there is nothing to show.
      (type === undefined || JSON_TYPE.test(String(type)) ? data : files)(req, res, noop);
    });
    next();
  };
}
