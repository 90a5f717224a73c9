import { createHmac, timingSafeEqual } from "node:crypto";
import * as oidc from "openid-client";
import type { Config } from "../../../server/config";
import type { DB } from "../../../server/db/db";
import { nowIso } from "../../../server/db/values";
import { createUser, findUserByEmail } from "./accounts.server";

type GoogleConfig = NonNullable<Config["google"]>;

// Discovery is lazy (server start never waits for Google) and cached per process; a failed
// discovery is forgotten so the next sign-in tries again.
const discovered = new Map<string, Promise<oidc.Configuration>>();

export function oidcConfiguration(google: GoogleConfig): Promise<oidc.Configuration> {
  const key = `${google.issuer}|${google.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    const issuer = new URL(google.issuer);
    // Plain http only for a local stand-in provider (tests); Google itself is https.
    const options = issuer.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : undefined;
    pending = oidc.discovery(issuer, google.clientId, google.clientSecret, undefined, options);
    pending.catch(() => discovered.delete(key));
    discovered.set(key, pending);
  }
  return pending;
}

/** What the browser carries between /auth/google and the callback, in a short-lived signed cookie. */
export interface GoogleFlow {
  verifier: string;
  state: string;
  nonce: string;
  next: string;
}

export const FLOW_COOKIE = "google_flow";
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(`google-flow:${payload}`).digest("base64url");

export function sealFlow(secret: string, flow: GoogleFlow): string {
  const payload = Buffer.from(JSON.stringify({ ...flow, at: Date.now() })).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

/** The flow from the cookie, or null when it is missing, altered or too old. */
export function openFlow(secret: string, value: string | undefined): GoogleFlow | null {
  if (!value || value.length > 2000) return null;
  const [payload, signature] = value.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as GoogleFlow & { at: number };
    if (typeof flow.at !== "number" || Date.now() - flow.at > FLOW_LIFETIME_MS) return null;
    if (![flow.verifier, flow.state, flow.nonce, flow.next].every((part) => typeof part === "string")) return null;
    return { verifier: flow.verifier, state: flow.state, nonce: flow.nonce, next: flow.next };
  } catch {
    return null;
  }
}

export type GoogleSignIn = { ok: true; userId: number } | { ok: false; reason: "disabled" | "conflict" };

/**
 * Finds the account of a Google identity: by its subject, else by its (verified) e-mail, which
 * links the two; else creates an account without a password.
 */
export async function accountForGoogle(db: DB, identity: { sub: string; email: string; name?: string }): Promise<GoogleSignIn> {
  let user = await db.selectFrom("users").select(["id", "disabled"]).where("google_sub", "=", identity.sub).executeTakeFirst();
  if (!user) {
    const byEmail = await findUserByEmail(db, identity.email);
    if (byEmail) {
      // The e-mail already belongs to another Google identity: never move an account silently.
      if (byEmail.google_sub && byEmail.google_sub !== identity.sub) return { ok: false, reason: "conflict" };
      await db.updateTable("users").set({ google_sub: identity.sub, updated_at: nowIso() }).where("id", "=", byEmail.id).execute();
      user = { id: byEmail.id, disabled: byEmail.disabled };
    } else {
      const name = (identity.name ?? "").trim().slice(0, 30) || identity.email.split("@")[0]!.slice(0, 30);
      const id = await createUser(db, { username: name, email: identity.email, password: null, googleSub: identity.sub });
      if (id === null) return accountForGoogle(db, identity); // created meanwhile by a parallel request
      user = { id, disabled: 0 };
    }
  }
  if (user.disabled) return { ok: false, reason: "disabled" };
  return { ok: true, userId: user.id };
}
