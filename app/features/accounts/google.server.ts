import * as oidc from "openid-client";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { endAllSessions } from "~server/security/session";
import { signToken, verifyToken } from "~server/security/signed";
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
interface GoogleFlow {
  verifier: string;
  state: string;
  nonce: string;
  next: string;
}

export const FLOW_COOKIE = "google_flow";
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;

const PURPOSE = "google-flow";

/** The flow as the cookie's value: its JSON, base64url, signed until FLOW_LIFETIME_MS from now. */
export function sealFlow(secret: string, flow: GoogleFlow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString("base64url");
  return signToken(secret, PURPOSE, [payload], Date.now() + FLOW_LIFETIME_MS);
}

/** The flow from the cookie, or null when it is missing, altered or too old. */
export function openFlow(secret: string, value: string | undefined): GoogleFlow | null {
  if (!value || value.length > 2000) return null;
  const check = verifyToken(secret, PURPOSE, value, 1);
  if (!check.ok) return null;
  try {
    const flow = JSON.parse(Buffer.from(check.fields[0]!, "base64url").toString("utf8")) as Partial<GoogleFlow>;
    const { verifier, state, nonce, next } = flow;
    if (typeof verifier !== "string" || typeof state !== "string" || typeof nonce !== "string" || typeof next !== "string") return null;
    return { verifier, state, nonce, next };
  } catch {
    return null;
  }
}

type GoogleSignIn = { ok: true; userId: number } | { ok: false; reason: "disabled" | "conflict" };

/**
 * Finds the account of a Google identity: by its subject, else by its (verified) e-mail, which
 * links the two; else creates an account without a password.
 *
 * Whoever proves the e-mail owns the account (decision 013). Linking ends every earlier session
 * of the account. When the account's e-mail had never been proven (a password sign-up proves
 * nothing), its password and name came from someone who may not own the address: they are
 * dropped too, and the Google identity's owner takes the account over.
 */
export async function accountForGoogle(db: DB, identity: { sub: string; email: string; name?: string }): Promise<GoogleSignIn> {
  const googleName = (identity.name ?? "").trim().slice(0, 30) || identity.email.split("@")[0]!.slice(0, 30);
  const known = await db.selectFrom("users").select(["id", "disabled"]).where("google_sub", "=", identity.sub).executeTakeFirst();
  if (known) return known.disabled ? { ok: false, reason: "disabled" } : { ok: true, userId: known.id };

  const linked = await db.transaction().execute(async (trx): Promise<GoogleSignIn | null> => {
    const byEmail = await findUserByEmail(trx, identity.email);
    if (!byEmail) return null;
    // The e-mail already belongs to another Google identity: never move an account silently.
    if (byEmail.google_sub && byEmail.google_sub !== identity.sub) return { ok: false, reason: "conflict" };
    if (byEmail.disabled) return { ok: false, reason: "disabled" };
    const now = nowIso();
    const proven = byEmail.email_verified_at !== null;
    await trx
      .updateTable("users")
      .set({ google_sub: identity.sub, email_verified_at: now, updated_at: now, ...(proven ? {} : { password_hash: null, username: googleName }) })
      .where("id", "=", byEmail.id)
      .execute();
    await endAllSessions(trx, byEmail.id);
    return { ok: true, userId: byEmail.id };
  });
  if (linked) return linked;

  const id = await createUser(db, { username: googleName, email: identity.email, password: null, googleSub: identity.sub, emailVerified: true });
  if (id === null) return accountForGoogle(db, identity); // created meanwhile by a parallel request
  return { ok: true, userId: id };
}
