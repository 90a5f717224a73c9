import type { Router } from "express";
import { z } from "zod";
import * as oidc from "openid-client";
import { defineEndpoint, jsonRoutes, type EndpointDeps, type RedirectAnswer } from "~server/http/endpoint";
import { startSession } from "~server/security/session";
import { startStep } from "./security/auth-steps.server";
import { secondStepNeeded } from "./security/factors.server";
import { parse as parseCookies } from "cookie";
import { langFromPath, localizePath } from "~/i18n/lang";
import { accountForGoogle, FLOW_COOKIE, FLOW_LIFETIME_MS, oidcConfiguration, openFlow, sealFlow } from "./google.server";
import { safeLocalPath } from "~/lib/next-path";

type GoogleError = "failed" | "unverified" | "disabled" | "unavailable" | "cancelled";

const redirectTo = (location: string): RedirectAnswer => ({ status: 302, location });

/** Where a refused sign-in lands: the sign-in page of the language `next` is in, saying why. */
const refused = (next: string, code: GoogleError) => redirectTo(`${localizePath("/login", langFromPath(next))}?error=${code}`);

/** The flow cookie's options: sent on Google's top-level redirect back to us, only to /auth/google. */
const flowCookie = (config: EndpointDeps["config"]) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  secure: config.isProduction && config.publicUrl.startsWith("https:"),
  path: "/auth/google",
});

const callbackUrl = (config: EndpointDeps["config"]) => `${config.publicUrl}/auth/google/callback`;

/**
 * GET /auth/google?next=/path: starts Google sign-in (OpenID Connect, authorization code flow with
 * PKCE, state and nonce): the flow is sealed into a short-lived cookie and the browser sent to
 * Google; without Google configured or reachable, back to the sign-in page saying so.
 */
export const startGoogleSignIn = defineEndpoint({
  method: "GET",
  path: "/auth/google",
  access: "anyone",
  redirects: "to Google's sign-in page; back to /login?error=unavailable when Google is not set up or not reachable",
  input: z.object({ next: z.unknown().optional() }),
  async run({ deps: { config, logger }, caller }, input) {
    const next = safeLocalPath(input.next) ?? "/";
    if (!config.google) return refused(next, "unavailable");
    let client;
    try {
      client = await oidcConfiguration(config.google);
    } catch (err) {
      logger.warn({ err: String(err) }, "Google discovery failed");
      return refused(next, "unavailable");
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    caller.cookies.set(FLOW_COOKIE, sealFlow(config.sessionSecret, { verifier, state, nonce, next }), { ...flowCookie(config), maxAge: FLOW_LIFETIME_MS });
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: callbackUrl(config),
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    return redirectTo(url.href);
  },
});

/**
 * GET /auth/google/callback: finishes Google sign-in. The code is exchanged against the sealed
 * flow (state, nonce, PKCE verifier); a verified address signs the account in (staff with a second
 * factor go to its step first, decision 046) and the browser goes to `next`; anything else goes
 * back to the sign-in page with the reason, never a 500.
 */
export const finishGoogleSignIn = defineEndpoint({
  method: "GET",
  path: "/auth/google/callback",
  access: "anyone",
  redirects: "to `next` once signed in (or to the second-factor step); otherwise to /login?error=failed|unverified|disabled|unavailable|cancelled",
  // Google's own parameters (code, state, scope...) are read from the address by the library.
  input: z.object({ error: z.unknown().optional() }),
  async run({ deps, caller }, input) {
    const { config, logger } = deps;
    const flow = openFlow(config.sessionSecret, parseCookies(caller.header("cookie") ?? "")[FLOW_COOKIE]);
    caller.cookies.clear(FLOW_COOKIE, flowCookie(config));
    // The flow cookie is signed, but its path is checked again: it is about to become a Location.
    const next = safeLocalPath(flow?.next) ?? "/";
    if (!config.google) return refused(next, "unavailable");
    if (typeof input.error === "string") return refused(next, "cancelled");
    if (!flow) return refused(next, "failed");

    let claims;
    try {
      const client = await oidcConfiguration(config.google);
      const search = new URL(caller.url, "http://site.invalid").search;
      const tokens = await oidc.authorizationCodeGrant(client, new URL(callbackUrl(config) + search), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (err) {
      // Wrong state, nonce or code, or an unreachable provider: refused, never a 500.
      logger.warn({ err: String(err) }, "Google sign-in refused");
      return refused(next, "failed");
    }
    const email = typeof claims?.email === "string" ? claims.email.trim().toLowerCase() : "";
    const verified = claims?.email_verified === true || claims?.email_verified === "true";
    if (!claims || !email || email.length > 254 || !verified) return refused(next, "unverified");

    const outcome = await accountForGoogle(deps.db, { sub: claims.sub, email, name: typeof claims.name === "string" ? claims.name : undefined });
    if (!outcome.ok) return refused(next, outcome.reason === "disabled" ? "disabled" : "failed");
    if (await secondStepNeeded(deps.db, outcome.userId)) {
      // Staff with a second factor: Google is the first factor only (decision 046).
      await startStep(deps, caller, "second-factor", { userId: outcome.userId, challenge: "google" });
      return redirectTo(`${localizePath("/admin/login/second-factor", langFromPath(next))}?next=${encodeURIComponent(next)}`);
    }
    await startSession(deps, caller, outcome.userId, "google");
    return redirectTo(next);
  },
});

/** Google sign-in: GET /auth/google starts it, GET /auth/google/callback finishes it. */
export function googleAuthApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [startGoogleSignIn, finishGoogleSignIn]);
}
