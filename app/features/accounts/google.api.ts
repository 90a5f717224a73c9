import { Router, type Request, type Response } from "express";
import * as oidc from "openid-client";
import type { EndpointDeps } from "~server/http/endpoint";
import { startSession } from "~server/security/session";
import { startStep } from "./security/auth-steps.server";
import { secondStepNeeded } from "./security/factors.server";
import { parse as parseCookies } from "cookie";
import { langFromPath, localizePath } from "~/i18n/lang";
import { accountForGoogle, FLOW_COOKIE, FLOW_LIFETIME_MS, oidcConfiguration, openFlow, sealFlow } from "./google.server";
import { safeLocalPath } from "./next-path";

type GoogleError = "failed" | "unverified" | "disabled" | "unavailable" | "cancelled";

/**
 * Google sign-in (OpenID Connect, authorization code flow with PKCE, state and nonce):
 * GET /auth/google starts it, GET /auth/google/callback finishes it.
 */
export function googleAuthApi(deps: EndpointDeps): Router {
  const { config, logger } = deps;
  const router = Router();
  const callbackUrl = `${config.publicUrl}/auth/google/callback`;
  const flowCookie = {
    httpOnly: true,
    sameSite: "lax" as const, // sent on Google's top-level redirect back to us
    secure: config.isProduction && config.publicUrl.startsWith("https:"),
    path: "/auth/google",
  };
  const refuse = (res: Response, next: string, code: GoogleError) => {
    res.redirect(`${localizePath("/login", langFromPath(next))}?error=${code}`);
  };

  router.get("/auth/google", async (req, res) => {
    const next = safeLocalPath(req.query.next) ?? "/";
    if (!config.google) return refuse(res, next, "unavailable");
    let client;
    try {
      client = await oidcConfiguration(config.google);
    } catch (err) {
      logger.warn({ err: String(err) }, "Google discovery failed");
      return refuse(res, next, "unavailable");
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    res.cookie(FLOW_COOKIE, sealFlow(config.sessionSecret, { verifier, state, nonce, next }), { ...flowCookie, maxAge: FLOW_LIFETIME_MS });
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: callbackUrl,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    res.redirect(url.href);
  });

  router.get("/auth/google/callback", async (req: Request, res) => {
    const flow = openFlow(config.sessionSecret, parseCookies(req.headers.cookie ?? "")[FLOW_COOKIE]);
    res.clearCookie(FLOW_COOKIE, flowCookie);
    // The flow cookie is signed, but its path is checked again: it is about to become a Location.
    const next = safeLocalPath(flow?.next) ?? "/";
    if (!config.google) return refuse(res, next, "unavailable");
    if (typeof req.query.error === "string") return refuse(res, next, "cancelled");
    if (!flow) return refuse(res, next, "failed");

    let claims;
    try {
      const client = await oidcConfiguration(config.google);
      const search = new URL(req.originalUrl, "http://site.invalid").search;
      const tokens = await oidc.authorizationCodeGrant(client, new URL(callbackUrl + search), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (err) {
      // Wrong state, nonce or code, or an unreachable provider: refused, never a 500.
      logger.warn({ err: String(err) }, "Google sign-in refused");
      return refuse(res, next, "failed");
    }
    const email = typeof claims?.email === "string" ? claims.email.trim().toLowerCase() : "";
    const verified = claims?.email_verified === true || claims?.email_verified === "true";
    if (!claims || !email || email.length > 254 || !verified) return refuse(res, next, "unverified");

    const outcome = await accountForGoogle(deps.db, { sub: claims.sub, email, name: typeof claims.name === "string" ? claims.name : undefined });
    if (!outcome.ok) return refuse(res, next, outcome.reason === "disabled" ? "disabled" : "failed");
    if (await secondStepNeeded(deps.db, outcome.userId)) {
      // Staff with a second factor: Google is the first factor only (decision 046).
      await startStep(deps, req, res, "second-factor", { userId: outcome.userId, challenge: "google" });
      res.redirect(`${localizePath("/admin/login/second-factor", langFromPath(next))}?next=${encodeURIComponent(next)}`);
      return;
    }
    await startSession(deps, req, res, outcome.userId, "google");
    res.redirect(next);
  });

  return router;
}
